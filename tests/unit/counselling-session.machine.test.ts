import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { canEditSession, counsellingSessionMachine, sessionStatus } from "../../src/machines/counselling-session.machine.ts"
import { countSessions } from "../../src/machines/session-counts.machine.ts"
import type { CounsellingSession } from "../../src/api/contract/counselling-session.ts"

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
    expect(actor.getSnapshot().value).toBe("upcoming")
    actor.send({ type: "clock.tick", now: NOW + 1000 })
    expect(actor.getSnapshot().value).toBe("past")
    actor.send({ type: "clock.tick", now: NOW - 10_000 })
    expect(actor.getSnapshot().value).toBe("past")
    expect(actor.getSnapshot().can({ type: "session.edit", dateTime: NOW + DAY })).toBe(false)
  })

  it("re-decides after an edit moves the start", () => {
    const actor = createActor(counsellingSessionMachine, { input: { dateTime: NOW + 1000, now: NOW } }).start()
    actor.send({ type: "session.edit", dateTime: NOW + DAY })
    expect(actor.getSnapshot().value).toBe("upcoming")
    expect(actor.getSnapshot().context.startsAt).toBe(NOW + DAY)
    actor.send({ type: "session.edit", dateTime: NOW - 1 })
    expect(actor.getSnapshot().value).toBe("past")
  })

  it("splits a person's sessions into the dashboard's two counts by the same rule", () => {
    const at = (ms: number) => ({ dateTime: new Date(ms).toISOString() }) as CounsellingSession
    expect(countSessions([at(NOW + 1), at(NOW + DAY), at(NOW), at(NOW - DAY)], NOW)).toEqual({ upcoming: 2, past: 2 })
    expect(countSessions([], NOW)).toEqual({ upcoming: 0, past: 0 })
  })
})

const DAY = 24 * 60 * 60 * 1000
