import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { PersonListItem } from "../../src/api/contract/account/user.ts"
import type { Page, PageRequest } from "../../src/machines/paged-list.machine.ts"
import { createReviewListMachine, isRowUpdating, reviewStatusChangesMachine, type StatusChangeRequest } from "../../src/machines/vendors/review-list.machine.ts"
import { quietLiveList } from "./quiet-live.ts"
import { flush } from "./flush.ts"

const person = (i: number, status: PersonListItem["status"] = "Reject"): PersonListItem => ({
  _id: `v${i}`,
  name: `Vendor ${i}`,
  email: `v${i}@example.com`,
  number: null,
  role: "Lawyer",
  status,
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
})

/**
 * A fake server holding `rows`; the update removes the vendor from the list like the real one. The list and its
 * status changes are wired as the page wires them: every change answered, the list reloads.
 */
function start(options: { rows: PersonListItem[]; failUpdate?: boolean; kind?: "pending" | "temp" | "reject" }) {
  let rows = [...options.rows]
  const pending: Array<() => void> = []
  const fetchPage = vi.fn(async ({ input }: { input: PageRequest }): Promise<Page<PersonListItem>> => ({
    rows: rows.slice((input.page - 1) * input.limit, input.page * input.limit),
    total: rows.length,
  }))
  const updateStatus = vi.fn(
    ({ input }: { input: StatusChangeRequest }) =>
      new Promise<{ message: string }>((resolve, reject) =>
        pending.push(() => {
          if (options.failUpdate) return reject(new ApiError("http", 409, "Conflict", "An approved vendor's status can no longer be changed."))
          rows = rows.filter((r) => r._id !== input.userId)
          resolve({ message: "User status updated successfully." })
        }),
      ),
  )
  const notify = vi.fn()
  const actor = createActor(createReviewListMachine(options.kind ?? "reject").provide({ actors: { fetchPage: fromPromise(fetchPage), ...quietLiveList } }), {
    input: {},
  }).start()
  const changes = createActor(
    reviewStatusChangesMachine.provide({
      actors: { updateStatus: fromPromise(updateStatus) },
      actions: { notify: (_, params) => notify(params), allAnswered: () => actor.send({ type: "list.reload" }) },
    }),
  ).start()
  /** The person picks a status in the menu of the row the list shows with this id. */
  const setStatus = (userId: string, status: PersonListItem["status"]) => {
    const row = actor.getSnapshot().context.rows.find((r) => r._id === userId)!
    changes.send({ type: "row.setStatus", row, status })
  }
  const answer = async () => {
    pending.shift()!()
    await flush()
  }
  return { actor, changes, setStatus, fetchPage, updateStatus, notify, answer }
}

describe("review list machine", () => {
  it("loads the first page of 10 with the spec's page count", async () => {
    const { actor, fetchPage } = start({ rows: Array.from({ length: 12 }, (_, i) => person(i)) })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(fetchPage.mock.calls[0]![0].input).toEqual({ page: 1, limit: 10, search: "", filters: { role: "", from: "", to: "" } })
    expect(actor.getSnapshot().context.rows).toHaveLength(10)
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(true)
  })

  it("disables only the changing row's control, then reloads when the change is answered", async () => {
    const { actor, updateStatus, notify, answer, fetchPage, changes, setStatus } = start({ rows: [person(1), person(2)] })
    await waitFor(actor, (s) => s.matches("ready"))
    setStatus("v1", "Approve")
    changes.send({ type: "status.confirm" })
    const context = changes.getSnapshot().context
    expect(isRowUpdating(context, "v1")).toBe(true)
    expect(isRowUpdating(context, "v2")).toBe(false)
    expect(changes.getSnapshot().can({ type: "row.setStatus", row: actor.getSnapshot().context.rows[1]!, status: "Temp Approve" })).toBe(true)
    expect(updateStatus.mock.calls[0]![0].input).toEqual({ userId: "v1", status: "Approve", organizationId: "org-1" })
    await answer()
    await waitFor(actor, (s) => s.matches("ready"))
    expect(fetchPage).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.rows.map((r) => r._id)).toEqual(["v2"])
    expect(notify).toHaveBeenCalledWith({ text: "User status updated successfully.", tone: "success" })
  })

  it("asks before Approve and Reject, naming the vendor; Cancel sends nothing, Temp Approve does not ask", async () => {
    const { actor, updateStatus, changes, setStatus } = start({ rows: [person(1, "Under Review"), person(2, "Under Review")] })
    await waitFor(actor, (s) => s.matches("ready"))
    setStatus("v1", "Approve")
    expect(changes.getSnapshot().context.confirming).toMatchObject({ userId: "v1", status: "Approve", name: person(1).name })
    expect(updateStatus).not.toHaveBeenCalled()
    changes.send({ type: "status.cancel" })
    expect(changes.getSnapshot().context.confirming).toBeNull()
    setStatus("v2", "Reject")
    expect(changes.getSnapshot().context.confirming).toMatchObject({ userId: "v2", status: "Reject" })
    changes.send({ type: "status.cancel" })
    setStatus("v1", "Temp Approve")
    expect(updateStatus.mock.calls[0]![0].input).toEqual({ userId: "v1", status: "Temp Approve", organizationId: "org-1" })
    expect(changes.getSnapshot().context.confirming).toBeNull()
  })

  it("queues a second row's change and sends it after the first", async () => {
    const { actor, updateStatus, answer, changes, setStatus } = start({ rows: [person(1), person(2)] })
    await waitFor(actor, (s) => s.matches("ready"))
    setStatus("v1", "Approve")
    changes.send({ type: "status.confirm" })
    setStatus("v2", "Temp Approve")
    expect(isRowUpdating(changes.getSnapshot().context, "v2")).toBe(true)
    await answer()
    expect(updateStatus).toHaveBeenCalledTimes(2)
    expect(updateStatus.mock.calls[1]![0].input.userId).toBe("v2")
    expect(changes.getSnapshot().matches("updating")).toBe(true)
    await answer()
    await waitFor(changes, (s) => s.matches("idle"))
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.rows).toEqual([])
  })

  it("ignores options the list does not offer, the row's own status and rows being updated", async () => {
    const { actor, updateStatus, changes, setStatus } = start({ rows: [person(1, "Temp Approve")], kind: "temp" })
    await waitFor(actor, (s) => s.matches("ready"))
    setStatus("v1", "Under Review")
    setStatus("v1", "Temp Approve")
    expect(updateStatus).not.toHaveBeenCalled()
    setStatus("v1", "Reject")
    changes.send({ type: "status.confirm" })
    setStatus("v1", "Approve")
    expect(changes.getSnapshot().context.queue).toEqual([{ userId: "v1", status: "Reject", organizationId: "org-1" }])
  })

  it("recomputes the page count: the last row of the last page gone, it steps back a page", async () => {
    const { actor, answer, changes, setStatus } = start({ rows: Array.from({ length: 11 }, (_, i) => person(i)) })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "page.next" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, total: 11 })
    setStatus("v10", "Approve")
    changes.send({ type: "status.confirm" })
    await answer()
    await waitFor(actor, (s) => s.matches("ready") && s.context.total === 10)
    expect(actor.getSnapshot().context.page).toBe(1)
    expect(actor.getSnapshot().context.rows).toHaveLength(10)
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false)
  })

  it("reports a failed change and reloads the list", async () => {
    const { actor, notify, answer, changes, setStatus } = start({ rows: [person(1)], failUpdate: true })
    await waitFor(actor, (s) => s.matches("ready"))
    setStatus("v1", "Approve")
    changes.send({ type: "status.confirm" })
    await answer()
    await waitFor(changes, (s) => s.matches("idle"))
    await waitFor(actor, (s) => s.matches("ready"))
    expect(notify).toHaveBeenCalledWith({ text: "An approved vendor's status can no longer be changed.", tone: "error" })
    expect(actor.getSnapshot().context.rows).toHaveLength(1)
  })

  it("shows the list's failure text when the page cannot be fetched", async () => {
    const actor = createActor(
      createReviewListMachine("pending").provide({
        actors: { fetchPage: fromPromise(() => Promise.reject(new ApiError("network", 0, "", "x"))), ...quietLiveList },
      }),
      { input: {} },
    ).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Failed to fetch users under review.")
  })

  it("searches from page 1", async () => {
    const { actor, fetchPage } = start({ rows: Array.from({ length: 12 }, (_, i) => person(i)) })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "page.next" })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "search.change", search: "ven" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(fetchPage.mock.calls.at(-1)![0].input).toEqual({ page: 1, limit: 10, search: "ven", filters: { role: "", from: "", to: "" } })
  })
  it("a search sent while the first page is still loading fetches that page again with the search", async () => {
    const { actor, fetchPage } = start({ rows: Array.from({ length: 12 }, (_, i) => person(i)) })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    actor.send({ type: "search.change", search: "ven" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(fetchPage.mock.calls.map((call) => call[0].input.search)).toEqual(["", "ven"])
  })
})
