import { describe, expect, it } from "vitest"
import { Schema } from "effect"
import { createActor, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { createFormMachine } from "../../src/machines/form/form.machine.ts"
import { serverFieldError } from "../../src/machines/form/server-errors.ts"
import type { FieldSpec } from "../../src/machines/form/field-spec.ts"

const Name = Schema.Trim.check(Schema.isNonEmpty({ message: "is required" }), Schema.isMaxLength(5, { message: "must be at most 5 characters" }))
const fields: readonly FieldSpec[] = [
  { name: "name", label: "Full Name", kind: "text", schema: Name },
  { name: "note", label: "Note", kind: "textarea", required: false },
]
const labels = { name: "Full Name", note: "Note" }

describe("a server refusal in the field's words", () => {
  it("puts a 400 that names a field next to it, following its label", () => {
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "name: is required"), labels)).toEqual({ field: "name", text: "Full Name is required." })
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "name: must be at most 5 characters"), labels)).toEqual({
      field: "name",
      text: "Full Name must be at most 5 characters.",
    })
    // A sentence of its own stays as it is; anything else is introduced by the label.
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "note: Too rude."), labels)).toEqual({ field: "note", text: "Too rude." })
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "note: only letters"), labels)).toEqual({ field: "note", text: "Note: only letters" })
    // A nested path names the field by its last part.
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "DocumentDetails.note: is required"), labels)?.field).toBe("note")
  })

  it("leaves alone what names no field of the form, other statuses, and failures without an answer", () => {
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "avatar: only images"), labels)).toBeNull()
    expect(serverFieldError(new ApiError("http", 400, "Bad Request", "Invalid email or password."), labels)).toBeNull()
    expect(serverFieldError(new ApiError("http", 409, "Conflict", "name: taken"), labels)).toBeNull()
    expect(serverFieldError(new ApiError("network", 0, "", "name: x"), labels)).toBeNull()
    expect(serverFieldError(new Error("name: x"), labels)).toBeNull()
  })
})

function start(options: { submit?: () => Promise<{ message: string }>; keepUnsaved?: boolean; clearOnSuccess?: boolean } = {}) {
  const machine = createFormMachine<{ message: string }, { id: string; name: string; closed?: boolean }, null>({
    id: "sample",
    modal: true,
    fields,
    initialExtra: null,
    keepUnsaved: options.keepUnsaved,
    clearOnSuccess: options.clearOnSuccess,
    fromItem: (item) => ({ itemId: item.id, values: { name: item.name } }),
    refuseOpen: (item) => (item.closed ? "This one is closed." : null),
    submit: options.submit ?? (async () => ({ message: "Saved." })),
    succeeded: (answer) => ({ message: { text: answer.message, tone: "success" } }),
    after: { ms: 1000, then: "close", announceMs: 2000 },
  })
  const refusals: string[] = []
  const clock = new SimulatedClock()
  const actor = createActor(machine.provide({ actions: { openRefused: (_, { text }) => refusals.push(text) } }), { clock }).start()
  return { actor, clock, refusals }
}

describe("the form machine", () => {
  it("refuses before any call, focuses the first invalid field, and clears a field's error as it is edited", () => {
    const calls: string[] = []
    const { actor } = start({ submit: async () => (calls.push("call"), { message: "Saved." }) })
    actor.send({ type: "form.open" })
    actor.send({ type: "field.change", field: "name", value: "Toolong" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ name: "Full Name must be at most 5 characters." })
    const first = actor.getSnapshot().context.focus
    expect(first?.field).toBe("name")
    // A second refusal of the same field is a new focus request, so the view moves the cursor again.
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.focus).not.toEqual(first)
    actor.send({ type: "field.change", field: "name", value: "Asha" })
    expect(actor.getSnapshot().context.errors).toEqual({})
    expect(calls).toEqual([])
  })

  it("keeps a server refusal's field error and the typed values, and puts an unnamed refusal at the top", async () => {
    let answer: Error = new ApiError("http", 400, "Bad Request", "name: is taken by someone else")
    const { actor } = start({ submit: () => Promise.reject(answer) })
    actor.send({ type: "form.open" })
    actor.send({ type: "field.change", field: "name", value: "Asha" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.errors["name"] !== undefined)
    expect(actor.getSnapshot().context).toMatchObject({
      values: { name: "Asha" },
      errors: { name: "Full Name is taken by someone else." },
      message: null,
      focus: { field: "name" },
    })
    answer = new ApiError("http", 409, "Conflict", "Not in this state.")
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "Not in this state.", tone: "error" })
    // Editing makes a failure's message stale.
    actor.send({ type: "field.change", field: "note", value: "x" })
    expect(actor.getSnapshot().context.message).toBeNull()
  })

  it("opens a record prefilled, refuses one it may not open, and keeps an unsaved add form only where asked", () => {
    const { actor, refusals } = start({ keepUnsaved: true })
    actor.send({ type: "form.open", item: { id: "r1", name: "Ravi", closed: true } })
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    expect(refusals).toEqual(["This one is closed."])
    actor.send({ type: "form.open", item: { id: "r1", name: "Ravi" } })
    expect(actor.getSnapshot().context).toMatchObject({ mode: "update", itemId: "r1", values: { name: "Ravi" } })
    actor.send({ type: "form.close" })
    actor.send({ type: "form.open" })
    expect(actor.getSnapshot().context).toMatchObject({ mode: "add", values: { name: "" } })
    actor.send({ type: "field.change", field: "name", value: "Half" })
    actor.send({ type: "form.close" })
    actor.send({ type: "form.open" })
    expect(actor.getSnapshot().context.values["name"]).toBe("Half")

    const forgetful = start()
    forgetful.actor.send({ type: "form.open" })
    forgetful.actor.send({ type: "field.change", field: "name", value: "Half" })
    forgetful.actor.send({ type: "form.close" })
    forgetful.actor.send({ type: "form.open" })
    expect(forgetful.actor.getSnapshot().context.values["name"]).toBe("")
  })

  it("shows the success, closes after its delay, and lets the message stay on the page until the announce time", async () => {
    const { actor, clock } = start({ clearOnSuccess: true })
    actor.send({ type: "form.open" })
    actor.send({ type: "field.change", field: "name", value: "Asha" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(actor.getSnapshot().context).toMatchObject({ message: { text: "Saved.", tone: "success" }, values: { name: "" } })
    clock.increment(1000)
    expect(actor.getSnapshot().value).toEqual({ closed: "announcing" })
    clock.increment(1000)
    expect(actor.getSnapshot().value).toEqual({ closed: "idle" })
    expect(actor.getSnapshot().context.message).toBeNull()
  })
})
