import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { createPagedListMachine, type Page, type PageRequest } from "../../src/machines/paged-list.machine.ts"

/**
 * A capped total (the server counted 1,000 matches and stopped) is a lower bound: the list goes on
 * past its 100th page while pages come back full, and stops at the first page that is not full.
 */
const MATCHES = 1_234
function start(page: number) {
  const machine = createPagedListMachine<number>({ id: "list", failureMessage: "failed", fetchPage: async () => ({ rows: [], total: 0 }) }).provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: PageRequest }): Promise<Page<number>> => {
        const from = (input.page - 1) * input.limit
        const rows = Array.from({ length: Math.max(0, Math.min(input.limit, MATCHES - from)) }, (_, i) => from + i)
        return { rows, total: 1_000, capped: true }
      }),
    },
  })
  return createActor(machine, { input: { page, search: "common" } }).start()
}

describe("paged list with a capped total", () => {
  it("offers Next beyond the counted pages while a page is full, and keeps the total as a lower bound", async () => {
    const actor = start(100)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ total: 1_000, capped: true })
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(true)
    actor.send({ type: "page.next" })
    await waitFor(actor, (s) => s.matches("ready") && s.context.page === 101)
    expect(actor.getSnapshot().context.rows[0]).toBe(1_000)
  })

  it("stops at the first page that is not full", async () => {
    const actor = start(124)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.rows).toHaveLength(4)
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false)
  })

  it("an uncapped total still ends the list at its last page", async () => {
    const machine = createPagedListMachine<number>({
      id: "list",
      failureMessage: "failed",
      fetchPage: async () => ({ rows: Array.from({ length: 10 }, (_, i) => i), total: 20 }),
    })
    const actor = createActor(machine, { input: { page: 2 } }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.capped).toBe(false)
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false)
  })
})
