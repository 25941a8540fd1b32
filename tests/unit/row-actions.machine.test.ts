import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { blogActionsMachine } from "../../src/machines/blogs/blogs.machine.ts"
import { expertActionsMachine } from "../../src/machines/content/experts.machine.ts"

function start(
  machine: typeof blogActionsMachine,
  stubs: { remove?: (input: unknown) => Promise<unknown>; setStatus?: (input: unknown) => Promise<unknown> } = {},
) {
  const remove = vi.fn(stubs.remove ?? (async (_input: unknown) => ({})))
  const setStatus = vi.fn(stubs.setStatus ?? (async (_input: unknown) => ({})))
  const listChanged = vi.fn()
  const notify = vi.fn()
  const actor = createActor(
    machine.provide({
      actors: { removeRow: fromPromise(({ input }) => remove(input)), setRowStatus: fromPromise(({ input }) => setStatus(input)) },
      actions: { listChanged, notify: (_, p) => notify(p) },
    }),
  ).start()
  return { actor, remove, setStatus, listChanged, notify }
}

describe("row actions machine", () => {
  it("deletes only after confirmation, then reloads the list", async () => {
    const { actor, remove, listChanged, notify } = start(blogActionsMachine)
    actor.send({ type: "delete.request", id: "b1" })
    expect(actor.getSnapshot().hasTag("confirming")).toBe(true)
    expect(remove).not.toHaveBeenCalled()
    actor.send({ type: "delete.confirm" })
    await waitFor(actor, (s) => s.matches("idle"))
    expect(remove).toHaveBeenCalledWith({ id: "b1" })
    expect(listChanged).toHaveBeenCalledOnce()
    expect(notify).toHaveBeenCalledWith({ text: "Blog deleted successfully.", tone: "success" })
  })

  it("does nothing when the confirmation is cancelled", () => {
    const { actor, remove } = start(blogActionsMachine)
    actor.send({ type: "delete.request", id: "b1" })
    actor.send({ type: "delete.cancel" })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    expect(actor.getSnapshot().context.targetId).toBeNull()
    expect(remove).not.toHaveBeenCalled()
  })

  it.each([
    [new ApiError("http", 404, "", "Blog not found."), "Failed to delete the blog."],
    [new ApiError("network", 0, "", "x"), "Error deleting blog."],
  ])("announces a failed blog delete with the spec's text (%#)", async (error, text) => {
    const { actor, notify, listChanged } = start(blogActionsMachine, { remove: () => Promise.reject(error) })
    actor.send({ type: "delete.request", id: "b1" })
    actor.send({ type: "delete.confirm" })
    await waitFor(actor, (s) => s.matches("idle"))
    expect(notify).toHaveBeenCalledWith({ text, tone: "error" })
    expect(listChanged).not.toHaveBeenCalled()
  })

  it("announces other content's failed delete as 'Delete failed'", async () => {
    const { actor, notify } = start(expertActionsMachine, { remove: () => Promise.reject(new ApiError("http", 500, "", "x")) })
    actor.send({ type: "delete.request", id: "e1" })
    actor.send({ type: "delete.confirm" })
    await waitFor(actor, (s) => s.matches("idle"))
    expect(notify).toHaveBeenCalledWith({ text: "Delete failed", tone: "error" })
  })

  it("shows a new blog status only after the call succeeds", async () => {
    let resolve: (v: unknown) => void = () => {}
    const { actor, setStatus } = start(blogActionsMachine, { setStatus: () => new Promise((r) => (resolve = r)) })
    actor.send({ type: "status.toggle", id: "b1", status: false })
    expect(actor.getSnapshot().context).toMatchObject({ busyId: "b1", statuses: {} })
    expect(setStatus).toHaveBeenCalledWith({ id: "b1", status: false })
    resolve({})
    await waitFor(actor, (s) => s.matches("idle"))
    expect(actor.getSnapshot().context).toMatchObject({ busyId: null, statuses: { b1: false } })
  })

  it.each([
    [new ApiError("http", 500, "", "x"), "Failed to update status."],
    [new ApiError("network", 0, "", "x"), "Error updating status."],
  ])("keeps the old status when the change fails (%#)", async (error, text) => {
    const { actor, notify } = start(blogActionsMachine, { setStatus: () => Promise.reject(error) })
    actor.send({ type: "status.toggle", id: "b1", status: false })
    await waitFor(actor, (s) => s.matches("idle"))
    expect(actor.getSnapshot().context.statuses).toEqual({})
    expect(notify).toHaveBeenCalledWith({ text, tone: "error" })
  })

  it("has no status toggle on lists without a status", () => {
    const { actor } = start(expertActionsMachine)
    expect(actor.getSnapshot().can({ type: "status.toggle", id: "e1", status: true })).toBe(false)
  })
})
