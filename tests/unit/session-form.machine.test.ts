import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { CounsellingSession } from "../../src/api/contract/counselling/counselling-session.ts"
import { createSessionMachine } from "../../src/machines/counselling/create-session.machine.ts"
import { editSessionMachine } from "../../src/machines/counselling/edit-session.machine.ts"
import {
  fromSessionDateTime,
  isPastDate,
  todayInput,
  toSessionPayload,
  toSessionSlot,
  validateSessionForm,
  type SessionFormValues,
} from "../../src/machines/counselling/session-form.ts"

// The admin's browser zone: Europe/Berlin, which changes clocks on the last Sundays of March and October.
const previousTz = process.env.TZ
beforeAll(() => {
  process.env.TZ = "Europe/Berlin"
})
afterAll(() => {
  process.env.TZ = previousTz
})

const filled: SessionFormValues = { date: "2030-03-31", time: "14:30", topic: " Sleep ", agenda: "Routine", duration: "45", note: "" }
const NOW = Date.parse("2030-03-01T09:00:00.000Z")
const session = {
  _id: "s1",
  meetingKey: "Counsellingabc",
  dateTime: "2030-03-31T12:30:00.000Z",
  topic: "Sleep",
  agenda: "Routine",
  duration: 45,
  note: null,
} as unknown as CounsellingSession

describe("session form values (admin's zone → API payload)", () => {
  it("requires date, time, topic, agenda and a numeric duration; note is optional", () => {
    expect(validateSessionForm({ date: "", time: "", topic: " ", agenda: "", duration: "", note: "" })).toEqual({
      date: "Date is required.",
      time: "Time is required.",
      topic: "Topic is required.",
      agenda: "Agenda is required.",
      duration: "Duration is required.",
    })
    expect(validateSessionForm({ ...filled, duration: "forty" })).toEqual({ duration: "Duration must be a whole number of minutes." })
    expect(validateSessionForm({ ...filled, duration: "0" })).toEqual({ duration: "Duration must be between 5 and 480 minutes." })
    expect(validateSessionForm({ ...filled, duration: "481" })).toEqual({ duration: "Duration must be between 5 and 480 minutes." })
    expect(validateSessionForm({ ...filled, duration: "5" })).toEqual({})
    expect(validateSessionForm(filled)).toEqual({})
  })

  it("refuses a date before today and a time already past, by the viewer's clock (issue 21)", () => {
    const now = new Date(2030, 2, 20, 10, 0).getTime()
    expect(validateSessionForm({ ...filled, date: "2030-03-19", time: "23:00" }, now)).toEqual({ date: "Date cannot be in the past." })
    expect(validateSessionForm({ ...filled, date: "2030-03-20", time: "09:59" }, now)).toEqual({ time: "Time must be later than now." })
    expect(validateSessionForm({ ...filled, date: "2030-03-20", time: "10:01" }, now)).toEqual({})
    expect(isPastDate("2030-03-19", now)).toBe(true)
    expect(isPastDate("2030-03-20", now)).toBe(false)
    expect(todayInput(now)).toBe("2030-03-20")
  })

  it("sends the wall-clock time with the zone's offset on that date, across daylight-saving changes", () => {
    expect(toSessionSlot("2030-03-30", "14:30")).toEqual({ date: "2030-03-30", time: "14:30+01:00" })
    expect(toSessionSlot("2030-03-31", "14:30")).toEqual({ date: "2030-03-31", time: "14:30+02:00" })
    // 02:30 does not exist on the spring-forward night: it is sent as the real 03:30 CEST.
    expect(toSessionSlot("2030-03-31", "02:30")).toEqual({ date: "2030-03-31", time: "03:30+02:00" })
    expect(toSessionSlot("2030-10-27", "12:00")).toEqual({ date: "2030-10-27", time: "12:00+01:00" })
    expect(toSessionPayload(filled)).toEqual({ date: "2030-03-31", time: "14:30+02:00", topic: "Sleep", agenda: "Routine", duration: 45, note: null })
  })

  it("shows a stored instant in the viewer's zone", () => {
    expect(fromSessionDateTime("2030-03-31T12:30:00.000Z")).toEqual({ date: "2030-03-31", time: "14:30" })
    expect(fromSessionDateTime("2030-03-30T12:30:00.000Z")).toEqual({ date: "2030-03-30", time: "13:30" })
  })
})

function fillForm(actor: { send: (e: never) => void }, values: SessionFormValues) {
  for (const [field, value] of Object.entries(values)) actor.send({ type: "field.change", field, value } as never)
}

describe("create session machine", () => {
  const start = (createSession: () => Promise<{ message: string }>) => {
    const clock = new SimulatedClock()
    const save = vi.fn(createSession)
    const sessionSaved = vi.fn()
    const notify = vi.fn()
    const actor = createActor(createSessionMachine.provide({ actors: { submit: fromPromise(save as never) }, actions: { submitted: () => sessionSaved() } }), {
      clock,
      input: { now: () => NOW },
    }).start()
    actor.send({ type: "form.open", extra: { userId: "u1", counsellorId: "c1" } })
    return { actor, clock, save, sessionSaved, notify }
  }

  it("refuses an incomplete form with a message per field and makes no call", () => {
    const { actor, save } = start(async () => ({ message: "ok" }))
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().value).toBe("editing")
    expect(actor.getSnapshot().context.errors["topic"]).toBe("Topic is required.")
    // The first field that fails (Date) gets the focus.
    expect(actor.getSnapshot().context.focus?.field).toBe("date")
    expect(save).not.toHaveBeenCalled()
    actor.send({ type: "field.change", field: "topic", value: "x" })
    expect(actor.getSnapshot().context.errors["topic"]).toBeUndefined()
  })

  it("puts a server refusal that names a field next to it, in the field's words", async () => {
    const { actor } = start(() => Promise.reject(new ApiError("http", 400, "Bad Request", "duration: must be between 5 and 480 minutes")))
    fillForm(actor, filled)
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.errors["duration"] !== undefined)
    expect(actor.getSnapshot().context.errors["duration"]).toBe("Duration must be between 5 and 480 minutes.")
    expect(actor.getSnapshot().context.message).toBeNull()
    expect(actor.getSnapshot().context.focus?.field).toBe("duration")
  })

  it("creates, shows 'Session created successfully!', clears the form, refreshes the lists and closes after 1 s", async () => {
    const { actor, clock, save, sessionSaved } = start(async () => ({ message: "Session created successfully!" }))
    fillForm(actor, filled)
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect((save.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toMatchObject({
      extra: { userId: "u1", counsellorId: "c1" },
      values: { ...filled, topic: "Sleep" },
    })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Session created successfully!", tone: "success" })
    expect(actor.getSnapshot().context.values).toEqual({ date: "", time: "", topic: "", agenda: "", duration: "", note: "" })
    expect(sessionSaved).toHaveBeenCalledOnce()
    clock.increment(999)
    expect(actor.getSnapshot().value).toBe("succeeded")
    clock.increment(1)
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    actor.send({ type: "form.open", extra: { userId: "u1", counsellorId: "c1" } })
    expect(actor.getSnapshot().context.message).toBeNull()
  })

  it.each([
    [new ApiError("http", 409, "Conflict", "The counsellor already has a session at this time."), "The counsellor already has a session at this time."],
    [new ApiError("http", 500, "Internal Server Error", "An error occurred."), "Failed to create session."],
    [new ApiError("network", 0, "", "Could not reach the server."), "Something went wrong. Please try again."],
  ])("keeps every field on failure and shows the spec's message (%#)", async (error, text) => {
    const { actor } = start(() => Promise.reject(error))
    fillForm(actor, filled)
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text, tone: "error" })
    expect(actor.getSnapshot().context.values).toEqual(filled)
  })
})

describe("edit session machine", () => {
  const start = (updateSession: () => Promise<{ message: string }> = async () => ({ message: "ok" })) => {
    const clock = new SimulatedClock()
    const save = vi.fn(updateSession)
    const notify = vi.fn()
    const sessionSaved = vi.fn()
    const actor = createActor(
      editSessionMachine.provide({
        actors: { submit: fromPromise(save as never) },
        actions: { submitted: () => sessionSaved(), openRefused: (_, p) => notify(p) },
      }),
      { clock, input: { now: () => NOW } },
    ).start()
    return { actor, clock, save, notify, sessionSaved }
  }

  it("refuses a session without a meeting key with 'Missing meeting key.' and a past one, staying closed", () => {
    const { actor, notify } = start()
    actor.send({ type: "form.open", item: { ...session, meetingKey: null } })
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    expect(notify).toHaveBeenLastCalledWith({ text: "Missing meeting key." })
    actor.send({ type: "form.open", item: { ...session, dateTime: new Date(NOW - 1).toISOString() } })
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    expect(notify).toHaveBeenLastCalledWith({ text: "Only upcoming sessions can be edited." })
  })

  it("opens an upcoming session prefilled in the viewer's zone, saves with the session id and closes 1 s later", async () => {
    const { actor, clock, save, sessionSaved, notify } = start()
    actor.send({ type: "form.open", item: session })
    expect(actor.getSnapshot().context.values).toEqual({ date: "2030-03-31", time: "14:30", topic: "Sleep", agenda: "Routine", duration: "45", note: "" })
    actor.send({ type: "field.change", field: "duration", value: "60" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect((save.mock.calls[0] as unknown as [{ input: { itemId: string; values: SessionFormValues } }])[0].input).toMatchObject({
      itemId: "s1",
      values: { duration: "60" },
    })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Session updated successfully!", tone: "success" })
    expect(sessionSaved).toHaveBeenCalledOnce()
    expect(notify).not.toHaveBeenCalled()
    clock.increment(1000)
    expect(actor.getSnapshot().matches("closed")).toBe(true)
  })

  it("shows 'Failed to update session.' or the server's message and keeps the edit", async () => {
    const { actor } = start(() => Promise.reject(new ApiError("http", 409, "Conflict", "Only upcoming sessions can be edited.")))
    actor.send({ type: "form.open", item: session })
    actor.send({ type: "field.change", field: "topic", value: "Changed" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.context.message !== null)
    expect(actor.getSnapshot().context.message?.text).toBe("Only upcoming sessions can be edited.")
    expect(actor.getSnapshot().context.values["topic"]).toBe("Changed")
  })
})
