import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { FEEDBACK_FAILED, FEEDBACK_SUBMITTED, feedbackMachine } from "../../src/machines/tickets/feedback.machine.ts"
import { MODAL_CLOSE_MS, raiseTicketMachine, TICKET_FAILED, TICKET_SUBMITTED } from "../../src/machines/tickets/raise-ticket.machine.ts"
import { flush } from "./flush.ts"
import { sampleTicket } from "./ticket-samples.ts"

const file = (name: string) => Object.assign(new Blob(["x"]), { name })

function startRaise(raise: () => Promise<unknown> = async () => ({ success: true, message: "ok", data: sampleTicket })) {
  const clock = new SimulatedClock()
  const raiseTicket = vi.fn(raise)
  const submitted = vi.fn()
  const actor = createActor(raiseTicketMachine.provide({ actors: { submit: fromPromise(raiseTicket as never) }, actions: { submitted } }), { clock }).start()
  actor.send({ type: "form.open" })
  return { actor, clock, raiseTicket, submitted }
}

describe("raise ticket form machine", () => {
  it("requires Ticket Type and Query before any call", () => {
    const { actor, raiseTicket } = startRaise()
    actor.send({ type: "field.change", field: "query", value: "   " })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ ticketType: "Please select a ticket type.", query: "Please enter your query." })
    expect(raiseTicket).not.toHaveBeenCalled()
    actor.send({ type: "field.change", field: "ticketType", value: "Technical" })
    expect(actor.getSnapshot().context.errors.ticketType).toBeUndefined()
  })

  it("a refused file blocks the submit until another is chosen or it is taken away", () => {
    const { actor, raiseTicket } = startRaise()
    actor.send({ type: "field.change", field: "ticketType", value: "General" })
    actor.send({ type: "field.change", field: "query", value: "Bank details?" })
    actor.send({ type: "file.change", file: file("statement.pdf") })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().matches("editing")).toBe(true)
    expect(actor.getSnapshot().context.errors.image).toBe("Only .png, .jpg and .jpeg files are allowed.")
    expect(actor.getSnapshot().context.message).toBeNull()
    expect(raiseTicket).not.toHaveBeenCalled()
    // "Send without an image": the refused file is taken away, and the ticket goes without one.
    actor.send({ type: "file.change", file: null })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().matches("submitting")).toBe(true)
  })

  it("takes only .png, .jpg and .jpeg files", () => {
    const { actor } = startRaise()
    actor.send({ type: "file.change", file: file("page.html") })
    expect(actor.getSnapshot().context).toMatchObject({
      files: { image: { file: null, refused: true } },
      errors: { image: "Only .png, .jpg and .jpeg files are allowed." },
    })
    actor.send({ type: "file.change", file: file("Screen.JPG") })
    expect(actor.getSnapshot().context.files["image"]?.file?.name).toBe("Screen.JPG")
    expect(actor.getSnapshot().context.errors.image).toBeUndefined()
  })

  it("submits trimmed, shows 'Ticket submitted successfully!', tells the page, closes 1 s later", async () => {
    const { actor, clock, raiseTicket, submitted } = startRaise()
    const image = file("error.png")
    actor.send({ type: "field.change", field: "ticketType", value: "General" })
    actor.send({ type: "field.change", field: "query", value: "  Bank details?  " })
    actor.send({ type: "file.change", file: image })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await flush()
    expect((raiseTicket.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toMatchObject({
      values: { ticketType: "General", query: "Bank details?" },
      files: { image },
    })
    expect(actor.getSnapshot().context.message).toEqual({ text: TICKET_SUBMITTED, tone: "success" })
    expect(submitted).toHaveBeenCalledOnce()
    clock.increment(MODAL_CLOSE_MS)
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    actor.send({ type: "form.open" })
    expect(actor.getSnapshot().context).toMatchObject({
      values: { ticketType: "", query: "" },
      files: { image: { file: null, refused: false } },
      message: null,
    })
  })

  it("keeps what was typed on failure and shows the spec's message with the server's reason", async () => {
    const { actor, submitted } = startRaise(() => Promise.reject(new ApiError("http", 400, "Bad Request", "image: only PNG, JPEG images are accepted")))
    actor.send({ type: "field.change", field: "ticketType", value: "Technical" })
    actor.send({ type: "field.change", field: "query", value: "See picture" })
    actor.send({ type: "form.submit" })
    await flush()
    expect(actor.getSnapshot().value).toBe("editing")
    expect(actor.getSnapshot().context).toMatchObject({
      values: { ticketType: "Technical", query: "See picture" },
      message: { text: TICKET_FAILED, tone: "error" },
      detail: "image: only PNG, JPEG images are accepted",
      // The server named the image: its reason also sits next to the file field, which gets the focus.
      errors: { image: "Image: only PNG, JPEG images are accepted" },
      focus: { field: "image" },
    })
    expect(submitted).not.toHaveBeenCalled()
  })
})

function startFeedback(give: () => Promise<unknown> = async () => ({ success: true, message: "ok", data: { ...sampleTicket, status: true, userRating: 4 } })) {
  const clock = new SimulatedClock()
  const giveFeedback = vi.fn(give)
  const actor = createActor(feedbackMachine.provide({ actors: { submit: fromPromise(giveFeedback as never) }, actions: { submitted: () => {} } }), {
    clock,
  }).start()
  actor.send({ type: "form.open", extra: { ticketId: "TKT-000042" } })
  return { actor, clock, giveFeedback }
}

describe("feedback machine", () => {
  it("requires a star rating 1 to 5 and a remark", () => {
    const { actor, giveFeedback } = startFeedback()
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ rating: "Please select a rating.", remark: "Please enter a remark." })
    actor.send({ type: "field.change", field: "rating", value: "9" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors["rating"]).toBe("Rating must be a whole number from 1 to 5.")
    actor.send({ type: "field.change", field: "rating", value: "4" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ remark: "Please enter a remark." })
    expect(giveFeedback).not.toHaveBeenCalled()
  })

  it("sends {rating, remark, ticketId}, shows 'Feedback submitted successfully!' and closes 1 s later", async () => {
    const { actor, clock, giveFeedback } = startFeedback()
    actor.send({ type: "field.change", field: "rating", value: "4" })
    actor.send({ type: "field.change", field: "remark", value: " Quick and clear. " })
    actor.send({ type: "form.submit" })
    await flush()
    expect((giveFeedback.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toMatchObject({
      values: { rating: "4", remark: "Quick and clear." },
      extra: { ticketId: "TKT-000042" },
    })
    expect(actor.getSnapshot().context.message).toEqual({ text: FEEDBACK_SUBMITTED, tone: "success" })
    clock.increment(MODAL_CLOSE_MS)
    expect(actor.getSnapshot().matches("closed")).toBe(true)
  })

  it("shows 'Failed to submit feedback' and keeps the stars and remark", async () => {
    const { actor } = startFeedback(() => Promise.reject(new ApiError("http", 409, "Conflict", "Feedback has already been given for this ticket.")))
    actor.send({ type: "field.change", field: "rating", value: "2" })
    actor.send({ type: "field.change", field: "remark", value: "Slow" })
    actor.send({ type: "form.submit" })
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({
      values: { rating: "2", remark: "Slow" },
      message: { text: FEEDBACK_FAILED, tone: "error" },
      detail: "Feedback has already been given for this ticket.",
    })
  })
})
