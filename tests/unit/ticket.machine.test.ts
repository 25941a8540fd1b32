import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { ticketAllows, ticketMachine, ticketRefusal, ticketStateOf } from "../../src/machines/tickets/ticket.machine.ts"

const open = { status: false, userRating: null }
const closed = { status: true, userRating: null }
const rated = { status: true, userRating: 4 }
const feedback = (rating: number, remark = "Quick and clear.") => ({ type: "ticket.feedback" as const, rating, remark })

describe("ticket machine (open → closed → feedback given)", () => {
  it("walks the whole life: responses while open, close, one feedback", () => {
    const actor = createActor(ticketMachine, { input: {} }).start()
    actor.send({ type: "ticket.respond" })
    expect(actor.getSnapshot().value).toBe("open")
    expect(actor.getSnapshot().context.hasResponses).toBe(true)
    actor.send(feedback(5))
    expect(actor.getSnapshot().value).toBe("open")
    actor.send({ type: "ticket.close" })
    expect(actor.getSnapshot().value).toBe("closed")
    actor.send({ type: "ticket.respond" })
    expect(actor.getSnapshot().value).toBe("closed")
    actor.send(feedback(4, "  Quick and clear.  "))
    expect(actor.getSnapshot().value).toBe("feedbackGiven")
    expect(actor.getSnapshot().context).toMatchObject({ rating: 4, remark: "Quick and clear." })
    expect(actor.getSnapshot().status).toBe("done")
  })

  it("reads a stored ticket's place in its life", () => {
    expect(ticketStateOf(open)).toBe("open")
    expect(ticketStateOf(closed)).toBe("closed")
    expect(ticketStateOf(rated)).toBe("feedbackGiven")
  })

  it.each([
    [open, { type: "ticket.respond" as const }, null],
    [open, { type: "ticket.close" as const }, null],
    [open, feedback(4), "Feedback can be given only after the ticket is closed."],
    [closed, { type: "ticket.respond" as const }, "This ticket is closed and takes no new responses."],
    [closed, { type: "ticket.close" as const }, "This ticket is already closed."],
    [closed, feedback(4), null],
    [closed, feedback(0), "Rating must be 1 to 5 stars and the remark is required."],
    [closed, feedback(6), "Rating must be 1 to 5 stars and the remark is required."],
    [closed, feedback(3, "   "), "Rating must be 1 to 5 stars and the remark is required."],
    [rated, feedback(5), "Feedback has already been given for this ticket."],
    [rated, { type: "ticket.close" as const }, "This ticket is already closed."],
    [rated, { type: "ticket.respond" as const }, "This ticket is closed and takes no new responses."],
  ])("%o refuses %o with %s (the server's 409 text)", (ticket, step, refusal) => {
    expect(ticketRefusal(ticket, step)).toBe(refusal)
    expect(ticketAllows(ticket, step)).toBe(refusal === null)
  })
})
