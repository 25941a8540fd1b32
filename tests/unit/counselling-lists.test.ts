import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { allSessionsListMachine, enquiryListMachine } from "../../src/machines/counselling/counselling-lists.machine.ts"
import { quietLiveList } from "./quiet-live.ts"

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ _id: `r${from + i}` }))

describe("counselling lists (page size 10)", () => {
  it("asks for page x with limit 10 and pages on; a page emptied since steps back to the new last page", async () => {
    const pages = [
      { rows: rows(10), total: 25 },
      { rows: [], total: 12 },
      { rows: rows(2, 10), total: 12 },
    ]
    const fetchPage = vi.fn(async () => pages.shift()!)
    const actor = createActor(enquiryListMachine.provide({ actors: { fetchPage: fromPromise(fetchPage as never), ...quietLiveList } }), { input: {} }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "page.goto", page: 3 })
    await waitFor(actor, (s) => s.matches("ready") && s.context.page === 2)
    const asked = fetchPage.mock.calls.map((c) => (c as unknown as [{ input: { page: number; limit: number } }])[0].input)
    expect(asked.map((a) => [a.page, a.limit])).toEqual([
      [1, 10],
      [3, 10],
      [2, 10],
    ])
    expect(actor.getSnapshot().context.rows).toEqual(rows(2, 10))
  })

  it("shows the spec's failure text: 'Failed to fetch counselling enquiries.', 'Failed to fetch session.'", async () => {
    const failing = { actors: { fetchPage: fromPromise(() => Promise.reject(new ApiError("http", 500, "", "x"))), ...quietLiveList } } as never
    const enquiries = createActor(enquiryListMachine.provide(failing), { input: {} }).start()
    await waitFor(enquiries, (s) => s.matches("failed"))
    expect(enquiries.getSnapshot().context.error).toBe("Failed to fetch counselling enquiries.")
    const sessions = createActor(allSessionsListMachine.provide(failing), { input: {} }).start()
    await waitFor(sessions, (s) => s.matches("failed"))
    expect(sessions.getSnapshot().context.error).toBe("Failed to fetch session.")
  })
})
