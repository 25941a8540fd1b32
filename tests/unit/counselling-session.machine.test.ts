import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { canEditSession, counsellingSessionMachine, refusalOf, sessionLife, sessionStatus } from "../../src/machines/counselling/counselling-session.machine.ts"
import { cancelWouldBeLate, offeredSteps } from "../../src/machines/counselling/session-steps.machine.ts"
import { countSessions } from "../../src/machines/counselling/session-counts.machine.ts"
import type { CounsellingSession } from "../../src/api/contract/counselling/counselling-session.ts"

const NOW = Date.parse("2030-03-31T09:00:00.000Z")

describe("the counselling session machine (upcoming or past, shared by console and server)", () => {
  it("calls a session upcoming only while its start is later than now", () => {
    expect(sessionStatus("2030-03-31T09:00:00.001Z", NOW)).toBe("upcoming")
    expect(sessionStatus("2030-03-31T09:00:00.000Z", NOW)).toBe("past")
    expect(sessionStatus(new Date(NOW - 1), NOW)).toBe("past")
  })

  it("lets only an upcoming session be edited; any session can be deleted", () => {
    expect(canEditSession(NOW + 60_000, NOW)).toBe(true)
    expect(canEditSession(NOW - 60_000, NOW)).toBe(false)
    const past = createActor(counsellingSessionMachine, { input: { dateTime: NOW - 1, now: NOW } }).start()
    expect(past.getSnapshot().can({ type: "session.delete" })).toBe(true)
    past.send({ type: "session.delete" })
    expect(past.getSnapshot().status).toBe("done")
  })

  it("moves an upcoming session to past when the clock passes its start, never back", () => {
    const actor = createActor(counsellingSessionMachine, { input: { dateTime: NOW + 1000, now: NOW } }).start()
    actor.send({ type: "clock.tick", now: NOW + 999 })
    expect(actor.getSnapshot().value).toBe("scheduled")
    actor.send({ type: "clock.tick", now: NOW + 1000 })
    expect(actor.getSnapshot().value).toBe("awaitingOutcome")
    actor.send({ type: "clock.tick", now: NOW - 10_000 })
    expect(actor.getSnapshot().value).toBe("awaitingOutcome")
    expect(actor.getSnapshot().can({ type: "session.edit", dateTime: NOW + DAY })).toBe(false)
  })

  it("re-decides after an edit moves the start", () => {
    const actor = createActor(counsellingSessionMachine, { input: { dateTime: NOW + 1000, now: NOW } }).start()
    actor.send({ type: "session.edit", dateTime: NOW + DAY })
    expect(actor.getSnapshot().value).toBe("scheduled")
    expect(actor.getSnapshot().context.startsAt).toBe(NOW + DAY)
    actor.send({ type: "session.edit", dateTime: NOW - 1 })
    expect(actor.getSnapshot().value).toBe("awaitingOutcome")
  })

  it("splits a person's sessions into the dashboard's two counts by the same rule", () => {
    const at = (ms: number) => ({ dateTime: new Date(ms).toISOString() }) as CounsellingSession
    expect(countSessions([at(NOW + 1), at(NOW + DAY), at(NOW), at(NOW - DAY)], NOW)).toEqual({ upcoming: 2, past: 2 })
    expect(countSessions([], NOW)).toEqual({ upcoming: 0, past: 0 })
  })
})

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

describe("a session's life after booking (issue 24)", () => {
  const session = (startsIn: number, extra: Partial<CounsellingSession> = {}) =>
    ({ _id: "s", dateTime: new Date(NOW + startsIn).toISOString(), duration: 60, state: "scheduled", rescheduleWish: null, ...extra }) as CounsellingSession

  it("offers each person the steps the machine accepts from them now", () => {
    expect(offeredSteps(session(DAY), "admin", NOW, 12)).toEqual(["reschedule", "cancel"])
    expect(offeredSteps(session(DAY), "counsellor", NOW, 12)).toEqual(["reschedule", "cancel"])
    expect(offeredSteps(session(DAY), "client", NOW, 12)).toEqual(["requestReschedule", "cancel"])
    // Inside the 12-hour window: only an Admin still moves it; anyone may still cancel (late).
    expect(offeredSteps(session(2 * HOUR), "admin", NOW, 12)).toEqual(["reschedule", "cancel"])
    expect(offeredSteps(session(2 * HOUR), "counsellor", NOW, 12)).toEqual(["cancel"])
    expect(offeredSteps(session(2 * HOUR), "client", NOW, 12)).toEqual(["cancel"])
    expect(offeredSteps(session(2 * HOUR), "counsellor", NOW, 1)).toEqual(["reschedule", "cancel"])
    // Under way, then over: the outcome is the counsellor's or an Admin's.
    expect(offeredSteps(session(-30 * 60_000), "counsellor", NOW, 12)).toEqual(["noShow"])
    expect(offeredSteps(session(-2 * HOUR), "admin", NOW, 12)).toEqual(["noShow", "complete"])
    expect(offeredSteps(session(-2 * HOUR), "client", NOW, 12)).toEqual([])
    for (const state of ["cancelled", "completed", "noShow"] as const) expect(offeredSteps(session(DAY, { state }), "admin", NOW, 12)).toEqual([])
  })

  it("says when a cancellation would be late", () => {
    expect(cancelWouldBeLate(session(12 * HOUR), NOW, 12)).toBe(true)
    expect(cancelWouldBeLate(session(12 * HOUR + 1), NOW, 12)).toBe(false)
  })

  it("refuses in words: 403 for the wrong person, 409 for the wrong moment", () => {
    const soon = sessionLife({ dateTime: NOW + 2 * HOUR, durationMinutes: 60, now: NOW })
    expect(refusalOf(soon, { type: "session.reschedule", by: "counsellor", dateTime: NOW + DAY, durationMinutes: 60 })).toEqual({
      status: 409,
      message: "Sessions starting within 12 hours can only be rescheduled by an Admin.",
    })
    expect(refusalOf(soon, { type: "session.reschedule", by: "client", dateTime: NOW + DAY, durationMinutes: 60 })?.status).toBe(403)
    expect(refusalOf(soon, { type: "session.reschedule", by: "admin", dateTime: NOW + DAY, durationMinutes: 60 })).toBeNull()
    expect(refusalOf(soon, { type: "session.complete", by: "counsellor" })?.message).toBe("A session can be marked completed once it has ended.")
    const cancelled = sessionLife({ dateTime: NOW + DAY, now: NOW, state: "cancelled" })
    expect(refusalOf(cancelled, { type: "session.edit", dateTime: NOW + DAY })?.message).toBe("A cancelled session can no longer be edited.")
    expect(refusalOf(cancelled, { type: "session.cancel", by: "client", reason: "x" })?.message).toBe("This session was cancelled.")
  })
})
