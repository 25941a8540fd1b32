import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { createPagedListMachine, pageSizeChoices, type ListUrlState, type PageRequest } from "../../src/machines/paged-list.machine.ts"
import { parseListQuery, setListQuery } from "../../src/ui/components/list-url.ts"

/** A list of `total` rows whose page size and columns the reader chooses, in the URL and remembered. */
function start(urlState: Partial<ListUrlState>, options: { pageSize?: number; total?: number } = {}) {
  const requests: PageRequest[] = []
  const pushUrl = vi.fn()
  const replaceUrl = vi.fn()
  const remembered = vi.fn()
  const total = options.total ?? 120
  const machine = createPagedListMachine<number>({
    id: "list",
    failureMessage: "failed",
    fetchPage: async () => ({ rows: [], total: 0 }),
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
  }).provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
        requests.push(input)
        const first = (input.page - 1) * input.limit
        return { rows: Array.from({ length: Math.max(0, Math.min(input.limit, total - first)) }, (_, i) => first + i), total }
      }),
    },
    actions: { pushUrl: (_, p) => pushUrl(p), replaceUrl: (_, p) => replaceUrl(p), rememberView: (_, p) => remembered(p) },
  })
  const actor = createActor(machine, { input: urlState }).start()
  return { actor, requests, pushUrl, replaceUrl, remembered }
}

describe("a list's page size", () => {
  it("offers the list's own size and each larger of 25, 50 and 100", () => {
    expect(pageSizeChoices(10)).toEqual([10, 25, 50, 100])
    expect(pageSizeChoices(20)).toEqual([20, 25, 50, 100])
    expect(pageSizeChoices(100)).toEqual([100])
  })

  it("reads page 1 again with the chosen size, pushes it to the URL and remembers it", async () => {
    const { actor, requests, pushUrl, remembered } = start({ page: 3 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]).toEqual({ page: 3, limit: 10, search: "" })
    actor.send({ type: "size.change", size: 25 })
    expect(pushUrl).toHaveBeenLastCalledWith({ page: 1, search: "", size: 25 })
    expect(remembered).toHaveBeenCalledWith({ size: 25, hidden: [] })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 1, limit: 25, search: "" })
    expect(actor.getSnapshot().context.rows).toHaveLength(25)
    // 120 rows at 25 a page: the fifth page is the last.
    actor.send({ type: "page.goto", page: 5 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.rows).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119])
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false)
  })

  it("back to the list's own size leaves the size out of the URL", async () => {
    const { actor, pushUrl } = start({ size: 50 })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "size.change", size: 10 })
    expect(pushUrl).toHaveBeenLastCalledWith({ page: 1, search: "" })
  })

  it("refuses a size it does not offer and the size it already has", async () => {
    const { actor, requests, remembered } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "size.change", size: 7 })
    actor.send({ type: "size.change", size: 10 })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(requests).toHaveLength(1)
    expect(remembered).not.toHaveBeenCalled()
  })

  it("starts on the URL's size, and on its own for a size it does not offer", async () => {
    const offered = start({ size: 50 })
    await waitFor(offered.actor, (s) => s.matches("ready"))
    expect(offered.requests[0]!.limit).toBe(50)
    const other = start({ size: 1000 })
    await waitFor(other.actor, (s) => s.matches("ready"))
    expect(other.requests[0]!.limit).toBe(10)
  })

  it("follows back/forward to another size without writing the URL", async () => {
    const { actor, requests, pushUrl } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "url.changed", page: 2, search: "", size: 25 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 2, limit: 25, search: "" })
    actor.send({ type: "url.changed", page: 2, search: "" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 2, limit: 10, search: "" })
    expect(pushUrl).not.toHaveBeenCalled()
  })

  it("a list of 100 a page offers no choice", async () => {
    const { actor } = start({}, { pageSize: 100 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.pageSizes).toEqual([100])
    expect(actor.getSnapshot().can({ type: "size.change", size: 25 })).toBe(false)
  })

  it("the URL carries a size as `size` and reads back only a whole number from 1", () => {
    const query = setListQuery(new URLSearchParams("keep=1"), { page: 2, search: "", size: 50 })
    expect(query.toString()).toBe("keep=1&page=2&size=50")
    expect(parseListQuery(`?${query}`)).toEqual({ page: 2, search: "", size: 50 })
    expect(parseListQuery("?size=abc").size).toBeUndefined()
    expect(parseListQuery("?size=0").size).toBeUndefined()
    expect(setListQuery(new URLSearchParams("size=50"), { page: 1, search: "" }).toString()).toBe("")
  })
})

describe("hidden columns", () => {
  it("hides and shows a column by its header without reading the list again, in the URL in place and remembered", async () => {
    const { actor, requests, pushUrl, replaceUrl, remembered } = start({ size: 25 })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "column.toggle", column: "Email" })
    actor.send({ type: "column.toggle", column: "Number" })
    expect(actor.getSnapshot().context.hidden).toEqual(["Email", "Number"])
    expect(replaceUrl).toHaveBeenLastCalledWith({ page: 1, search: "", size: 25, hidden: ["Email", "Number"] })
    expect(remembered).toHaveBeenLastCalledWith({ size: 25, hidden: ["Email", "Number"] })
    actor.send({ type: "column.toggle", column: "Email" })
    expect(actor.getSnapshot().context.hidden).toEqual(["Number"])
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toEqual({ page: 1, limit: 25, search: "" })
    expect(pushUrl).not.toHaveBeenCalled()
  })

  it("starts with the URL's hidden columns, each once, and refuses an empty or overlong name", async () => {
    const { actor } = start({ hidden: ["Email", "Email", "", "x".repeat(61), "Role"] })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.hidden).toEqual(["Email", "Role"])
    expect(actor.getSnapshot().can({ type: "column.toggle", column: "" })).toBe(false)
    expect(actor.getSnapshot().can({ type: "column.toggle", column: "y".repeat(61) })).toBe(false)
  })

  it("follows back/forward to other hidden columns", async () => {
    const { actor } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "url.changed", page: 1, search: "", hidden: ["Status"] })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.hidden).toEqual(["Status"])
  })

  it("the URL carries one `hide` a column, a header with a comma too", () => {
    const query = setListQuery(new URLSearchParams(), { page: 1, search: "", hidden: ["Date | Time", "Name, full"] })
    expect(parseListQuery(`?${query}`).hidden).toEqual(["Date | Time", "Name, full"])
    expect(setListQuery(query, { page: 1, search: "" }).toString()).toBe("")
  })
})

describe("the remembered list view", () => {
  it("is each person's own, per list, and ignores what is not a size or a list of names", async () => {
    const store = new Map<string, string>()
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    })
    try {
      const { loadListView, saveListView } = await import("../../src/api/preferences-storage.ts")
      saveListView("admin-1", "roleList.Counsellor", { size: 25, hidden: ["Email"] })
      expect(loadListView("admin-1", "roleList.Counsellor")).toEqual({ size: 25, hidden: ["Email"] })
      expect(loadListView("lawyer-2", "roleList.Counsellor")).toEqual({})
      expect(loadListView("admin-1", "enquiries")).toEqual({})
      const key = [...store.keys()][0]!
      store.set(key, "{not json")
      expect(loadListView("admin-1", "roleList.Counsellor")).toEqual({})
      store.set(key, JSON.stringify({ size: "lots", hidden: ["Email", 3] }))
      expect(loadListView("admin-1", "roleList.Counsellor")).toEqual({ hidden: ["Email"] })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe("a one-choice filter", () => {
  it("filter.set sets and applies it at once, from page 1, as a new entry", async () => {
    const requests: PageRequest[] = []
    const pushUrl = vi.fn()
    const machine = createPagedListMachine<number>({
      id: "filtered",
      failureMessage: "failed",
      fetchPage: async () => ({ rows: [], total: 0 }),
      filters: { role: "" },
    }).provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
          requests.push(input)
          return { rows: [1], total: 40 }
        }),
      },
      actions: { pushUrl: (_, p) => pushUrl(p) },
    })
    const actor = createActor(machine, { input: { page: 3, search: "" } }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "filter.set", field: "role", value: "Lawyer" })
    expect(pushUrl).toHaveBeenLastCalledWith({ page: 1, search: "", filters: { role: "Lawyer" } })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual({ page: 1, limit: 10, search: "", filters: { role: "Lawyer" } })
    expect(actor.getSnapshot().context.filters).toEqual({ role: "Lawyer" })
  })
})
