import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { createPagedListMachine, type PageRequest } from "../../src/machines/paged-list.machine.ts"

/** The paged list owns its URL state: input from the URL, a page change pushes, a search replaces, back is followed. */
function start(urlState: { page?: number; search?: string; sort?: string }, sorts?: readonly string[]) {
  const requests: PageRequest[] = []
  const pushUrl = vi.fn()
  const replaceUrl = vi.fn()
  const machine = createPagedListMachine<string>({
    id: "list",
    failureMessage: "failed",
    fetchPage: async () => ({ rows: [], total: 0 }),
    ...(sorts ? { sorts } : {}),
  }).provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
        requests.push(input)
        return { rows: input.search === "none" ? [] : ["a"], total: 35 }
      }),
    },
    actions: { pushUrl: (_, p) => pushUrl(p), replaceUrl: (_, p) => replaceUrl(p) },
  })
  const actor = createActor(machine, { input: urlState }).start()
  return { actor, requests, pushUrl, replaceUrl }
}

describe("paged list URL state", () => {
  it("starts on the page and search the URL names", async () => {
    const { actor, requests } = start({ page: 3, search: "ana" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]).toEqual({ page: 3, limit: 10, search: "ana" })
  })

  it("ignores a page in the URL that is not a whole number from 1", async () => {
    const { actor, requests } = start({ page: Number.NaN })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]!.page).toBe(1)
  })

  it("pushes a page change and replaces on a search", async () => {
    const { actor, pushUrl, replaceUrl } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "page.next" })
    expect(pushUrl).toHaveBeenLastCalledWith({ page: 2, search: "" })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "search.change", search: "bo" })
    expect(replaceUrl).toHaveBeenLastCalledWith({ page: 1, search: "bo" })
    expect(pushUrl).toHaveBeenCalledTimes(1)
  })

  it("follows back/forward without writing the URL again, and ignores the same URL", async () => {
    const { actor, requests, pushUrl, replaceUrl } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "url.changed", page: 1, search: "" })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    actor.send({ type: "url.changed", page: 4, search: "x" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 4, limit: 10, search: "x" })
    expect(pushUrl).not.toHaveBeenCalled()
    expect(replaceUrl).not.toHaveBeenCalled()
  })

  it("replaces the URL when a page past the end steps back to the last page", async () => {
    const { actor, replaceUrl } = start({ page: 9, search: "none" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(replaceUrl).toHaveBeenLastCalledWith({ page: 4, search: "none" })
  })

  it("a sortable list starts on the URL's sort, pushes a new order at page 1, and falls back to its own order for one it does not know", async () => {
    const { actor, requests, pushUrl } = start({ page: 3, sort: "-dateTime" }, ["dateTime", "-dateTime"])
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]).toEqual({ page: 3, limit: 10, search: "", sort: "-dateTime" })
    actor.send({ type: "sort.change", sort: "dateTime" })
    expect(pushUrl).toHaveBeenLastCalledWith({ page: 1, search: "", sort: "dateTime" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 1, limit: 10, search: "", sort: "dateTime" })
    actor.send({ type: "sort.change", sort: "createdAt" })
    expect(actor.getSnapshot().context.sort).toBe("")
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 1, limit: 10, search: "" })
  })

  it("a list that cannot be sorted ignores a sort in its URL and a sort change", async () => {
    const { actor, requests, pushUrl } = start({ page: 2, sort: "dateTime" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]).toEqual({ page: 2, limit: 10, search: "" })
    actor.send({ type: "sort.change", sort: "dateTime" })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(pushUrl).not.toHaveBeenCalled()
  })
})
