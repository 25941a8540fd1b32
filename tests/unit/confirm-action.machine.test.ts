import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { createConfirmActionMachine } from "../../src/machines/confirm-action.machine.ts"

const sendAccess = createConfirmActionMachine<{ _id: string }>({
  id: "sendAccess",
  run: async () => ({ message: "unused" }),
  successText: "Access sent successfully.",
  failureText: "Failed to send access.",
  networkText: "Failed to send user access.",
})

function start(run: () => Promise<{ message?: string }>) {
  const call = vi.fn(run)
  const notify = vi.fn()
  const done = vi.fn()
  const actor = createActor(sendAccess.provide({ actors: { run: fromPromise(call as never) }, actions: { notify: (_, p) => notify(p), done } })).start()
  return { actor, call, notify, done }
}

describe("confirmed row action (send access, delete session)", () => {
  it("asks first; Cancel makes no call", () => {
    const { actor, call } = start(async () => ({}))
    actor.send({ type: "action.request", target: { _id: "e1" } })
    expect(actor.getSnapshot().value).toBe("confirming")
    actor.send({ type: "action.cancel" })
    expect(actor.getSnapshot().value).toBe("idle")
    expect(call).not.toHaveBeenCalled()
  })

  it("runs on confirm (busy), then shows the server's message and reloads the list", async () => {
    const { actor, call, notify, done } = start(async () => ({ message: "Access sent successfully." }))
    actor.send({ type: "action.request", target: { _id: "e1" } })
    actor.send({ type: "action.confirm" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    expect(actor.getSnapshot().context.target).toEqual({ _id: "e1" })
    await waitFor(actor, (s) => s.matches("idle"))
    expect((call.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual({ _id: "e1" })
    expect(notify).toHaveBeenCalledWith({ text: "Access sent successfully.", tone: "success" })
    expect(done).toHaveBeenCalledOnce()
  })

  it.each([
    [new ApiError("http", 409, "Conflict", "x@y.z already belongs to a Lawyer account."), "x@y.z already belongs to a Lawyer account."],
    [new ApiError("http", 500, "", "An error occurred."), "Failed to send access."],
    [new ApiError("network", 0, "", "Could not reach the server."), "Failed to send user access."],
  ])("shows the spec's failure text and does not reload (%#)", async (error, text) => {
    const { actor, notify, done } = start(() => Promise.reject(error))
    actor.send({ type: "action.request", target: { _id: "e1" } })
    actor.send({ type: "action.confirm" })
    await waitFor(actor, (s) => s.matches("idle"))
    expect(notify).toHaveBeenCalledWith({ text, tone: "error" })
    expect(done).not.toHaveBeenCalled()
  })
})
