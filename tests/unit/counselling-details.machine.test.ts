import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { counsellingDetailsMachine } from "../../src/machines/counselling/counselling-details.machine.ts"
import { sessionCountsMachine } from "../../src/machines/counselling/session-counts.machine.ts"

const details = {
  _id: "u1",
  name: "Uma",
  email: "u@x.io",
  role: "User",
  number: null,
  counsellorId: "c1",
  counsellorName: "Chetan",
  counsellorRole: "Counsellor",
}

describe("counselling details machine (user and counsellor cards)", () => {
  it("loads the client's details", async () => {
    const load = vi.fn(async () => details)
    const actor = createActor(counsellingDetailsMachine.provide({ actors: { loadDetails: fromPromise(load as never) } }), { input: { userId: "u1" } }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    expect((load.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toBe("u1")
    expect(actor.getSnapshot().context.details).toEqual(details)
  })

  it.each([
    [new ApiError("http", 404, "Not Found", "User not found."), "Failed to load counselling details."],
    [new ApiError("network", 0, "", ""), "Something went wrong while fetching counselling details."],
  ])("shows the spec's failure text (%#) and reloads on demand", async (error, text) => {
    let fail = true
    const load = vi.fn(async () => {
      if (fail) throw error
      return details
    })
    const actor = createActor(counsellingDetailsMachine.provide({ actors: { loadDetails: fromPromise(load as never) } }), { input: { userId: "u1" } }).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe(text)
    fail = false
    actor.send({ type: "details.reload" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe("session counts machine (dashboard cards)", () => {
  const NOW = Date.parse("2030-01-01T00:00:00.000Z")
  it("asks for the person's sessions and splits them by dateTime against now", async () => {
    const load = vi.fn(async () => [
      { dateTime: "2030-01-02T00:00:00.000Z" },
      { dateTime: "2029-12-31T00:00:00.000Z" },
      { dateTime: "2029-12-30T00:00:00.000Z" },
    ])
    const user = { _id: "v1", role: "Lawyer" as const }
    const actor = createActor(sessionCountsMachine.provide({ actors: { loadSessions: fromPromise(load as never) } }), {
      input: { user, now: () => NOW },
    }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    expect((load.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual(user)
    expect(actor.getSnapshot().context.counts).toEqual({ upcoming: 1, past: 2 })
  })

  it("shows 'Something went wrong while fetching sessions.' on failure", async () => {
    const actor = createActor(sessionCountsMachine.provide({ actors: { loadSessions: fromPromise(() => Promise.reject(new Error("x"))) } }), {
      input: { user: { _id: "u1", role: "User" } },
    }).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Something went wrong while fetching sessions.")
  })
})
