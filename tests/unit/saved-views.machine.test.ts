import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { SavedView } from "../../src/api/contract/views/saved-views.ts"
import { savedViewsMachine } from "../../src/machines/views/saved-views.machine.ts"

const view = (id: string, name: string): SavedView => ({ _id: id, list: "enquiries", name, query: `sort=${id}`, createdAt: "2026-12-01T00:00:00.000Z" })

/** The machine with the server's answers given: the views it reads, and the view each save answers. */
function started(fetched: SavedView[], saved: SavedView) {
  const machine = savedViewsMachine.provide({
    actors: {
      fetchViews: fromPromise(async () => fetched) as never,
      saveView: fromPromise(async () => saved) as never,
    },
  })
  return createActor(machine, { input: { list: "enquiries" } }).start()
}

describe("saved views machine: the order of the views", () => {
  it("keeps the server's order as read (by name, letter case ignored) and puts a saved view where the server would", async () => {
    // The server's order, which JavaScript's comparison of these names would not give ("_" sorts before letters in bytes).
    const fetched = [view("1", "Alpha"), view("2", "beta"), view("3", "_zeta")]
    const actor = started(fetched, view("4", "Bank holders"))
    actor.send({ type: "views.open" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.views.map((v) => v._id)).toEqual(["1", "2", "3"])

    actor.send({ type: "name.change", value: "Bank holders" })
    actor.send({ type: "save.submit", query: "sort=name" })
    await waitFor(actor, (s) => s.matches("ready") && s.context.views.length === 4)
    expect(actor.getSnapshot().context.views.map((v) => v.name)).toEqual(["Alpha", "Bank holders", "beta", "_zeta"])
  })

  it("puts a view whose name sorts after every other last, and a view saved again in its place once", async () => {
    const actor = started([view("1", "Alpha"), view("2", "Beta")], view("1", "Zulu"))
    actor.send({ type: "views.open" })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "name.change", value: "Zulu" })
    actor.send({ type: "save.submit", query: "sort=-name" })
    await waitFor(actor, (s) => s.matches("ready") && s.context.views.some((v) => v.name === "Zulu"))
    expect(actor.getSnapshot().context.views.map((v) => `${v._id}:${v.name}`)).toEqual(["2:Beta", "1:Zulu"])
  })
})
