import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import * as usersApi from "../../src/api/counselling-users.api.ts"
import { assignCounsellorMachine, assignEach, type AssignOutcome } from "../../src/machines/assign-counsellor.machine.ts"

const people = [
  { _id: "c1", name: "Chetan", email: "c@x.io", role: "Counsellor" as const },
  { _id: "l1", name: "Leela", email: "l@x.io", role: "Lawyer" as const },
]

function start(options: { loadPeople?: () => Promise<unknown>; assignEach?: (args: { input: { userIds: string[]; counsellorId: string } }) => Promise<AssignOutcome> } = {}) {
  const loadPeople = vi.fn(options.loadPeople ?? (async () => people))
  const assign = vi.fn(options.assignEach ?? (async ({ input }) => ({ assigned: input.userIds, failures: [] })))
  const assigned = vi.fn()
  const notify = vi.fn()
  const actor = createActor(
    assignCounsellorMachine.provide({
      actors: { loadPeople: fromPromise(loadPeople as never), assignEach: fromPromise(assign as never) },
      actions: { assigned, notify: (_, p) => notify(p) },
    }),
  ).start()
  return { actor, loadPeople, assign, assigned, notify }
}

afterEach(() => vi.restoreAllMocks())

describe("assign counsellor machine", () => {
  it("selects one by one and the whole page, and unselects the page again", () => {
    const { actor } = start()
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2", "u3"], selected: true })
    expect(actor.getSnapshot().context.selected).toEqual(["u1", "u2", "u3"])
    actor.send({ type: "selection.toggle", userId: "u2" })
    expect(actor.getSnapshot().context.selected).toEqual(["u1", "u3"])
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2", "u3"], selected: false })
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  it("opens 'Assign To' only with a selection, loading the assignable people", async () => {
    const { actor, loadPeople } = start()
    expect(actor.getSnapshot().can({ type: "form.open" })).toBe(false)
    actor.send({ type: "form.open" })
    expect(loadPeople).not.toHaveBeenCalled()
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "form.open" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("choosing"))
    expect(actor.getSnapshot().context.people).toEqual(people)
  })

  it("refuses Submit without a choice: 'Please select a counsellor to assign.', no call", async () => {
    const { actor, assign } = start()
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("choosing"))
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Please select a counsellor to assign.", tone: "error" })
    expect(assign).not.toHaveBeenCalled()
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    expect(actor.getSnapshot().context.message).toBeNull()
  })

  it("assigns every selected user, reloads the list, clears the selection and confirms", async () => {
    const { actor, assign, assigned, notify } = start()
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2"], selected: true })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("choosing"))
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("selecting"))
    expect((assign.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual({ userIds: ["u1", "u2"], counsellorId: "c1" })
    expect(actor.getSnapshot().context.selected).toEqual([])
    expect(assigned).toHaveBeenCalledOnce()
    expect(notify).toHaveBeenCalledWith({ text: "Counsellor assigned successfully.", tone: "success" })
  })

  it("on a partial failure shows 'Failed to assign counsellor: {message}', keeps only the failed users selected and reloads", async () => {
    const { actor, assigned } = start({ assignEach: async () => ({ assigned: ["u1"], failures: [{ userId: "u2", message: "User not found." }] }) })
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2"], selected: true })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("choosing"))
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("choosing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "Failed to assign counsellor: User not found.", tone: "error" })
    expect(actor.getSnapshot().context.selected).toEqual(["u2"])
    expect(assigned).toHaveBeenCalledOnce()
  })

  it("tells when the assignable people cannot be fetched", async () => {
    const { actor } = start({ loadPeople: () => Promise.reject(new ApiError("http", 500, "", "x")) })
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("selecting") && s.context.message !== null)
    expect(actor.getSnapshot().context.message?.text).toBe("Failed to fetch active user data.")
  })

  it("makes one update call per selected user and reports each failure with the server's message", async () => {
    const spy = vi.spyOn(usersApi, "assignCounsellor").mockImplementation(async (userId) => {
      if (userId === "bad") throw new ApiError("http", 404, "Not Found", "User not found.")
      return { success: true, message: "ok" }
    })
    const outcome = await assignEach({ userIds: ["a", "bad", "b"], counsellorId: "c1" })
    expect(spy.mock.calls).toEqual([["a", "c1"], ["bad", "c1"], ["b", "c1"]])
    expect(outcome).toEqual({ assigned: ["a", "b"], failures: [{ userId: "bad", message: "User not found." }] })
  })
})
