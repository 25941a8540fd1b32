import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { PeopleCounts } from "../../src/api/contract/dashboard/dashboard.ts"
import { peopleCountsMachine } from "../../src/machines/dashboard/people-counts.machine.ts"

const counts: PeopleCounts = {
  active: { Lawyer: 1, Counsellor: 2, Nutritionist: 3, YogaTeacher: 4, User: 5, ImageConsultant: 6 },
  underReview: 7,
  tempApprove: 8,
  rejected: 9,
  enquiries: 10,
}

describe("people counts machine", () => {
  it("loads every count, and the UnAssign Users count from its own call", async () => {
    const actor = createActor(
      peopleCountsMachine.provide({
        actors: { fetchCounts: fromPromise(async () => counts), countUnassigned: fromPromise(async (): Promise<number | null> => 16) },
      }),
    ).start()
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches({ counts: "loaded", unassigned: "loaded" }))
    expect(actor.getSnapshot().context).toEqual({ counts, error: null, unassigned: 16 })
  })

  it("shows the unassigned count, and '—' (null) when its call fails", async () => {
    const wired = createActor(
      peopleCountsMachine.provide({
        actors: { fetchCounts: fromPromise(async () => counts), countUnassigned: fromPromise(async (): Promise<number | null> => 4) },
      }),
    ).start()
    await waitFor(wired, (s) => s.matches({ unassigned: "loaded" }))
    expect(wired.getSnapshot().context.unassigned).toBe(4)
    const failing = createActor(
      peopleCountsMachine.provide({
        actors: { fetchCounts: fromPromise(async () => counts), countUnassigned: fromPromise(() => Promise.reject(new Error("x"))) },
      }),
    ).start()
    await waitFor(failing, (s) => s.matches({ unassigned: "loaded" }))
    expect(failing.getSnapshot().context.unassigned).toBeNull()
  })

  it("reports a failed fetch and tries again on reload", async () => {
    let fail = true
    const actor = createActor(
      peopleCountsMachine.provide({
        actors: {
          fetchCounts: fromPromise(async () => (fail ? Promise.reject(new Error("x")) : counts)),
          countUnassigned: fromPromise(async (): Promise<number | null> => 0),
        },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches({ counts: "failed" }))
    expect(actor.getSnapshot().context.error).toBe("Failed to fetch dashboard counts.")
    fail = false
    actor.send({ type: "counts.reload" })
    await waitFor(actor, (s) => s.matches({ counts: "loaded" }))
    expect(actor.getSnapshot().context.counts).toEqual(counts)
  })
})
