import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { AuditEvent } from "../../src/api/contract/audit/audit.ts"
import { auditInstantFilters, auditLogMachine, auditRangeProblem, emptyFilters, type AuditFilters } from "../../src/machines/audit/audit-log.machine.ts"
import type { ListUrlState, PageRequest } from "../../src/machines/paged-list.machine.ts"
import { parseListQuery, setListQuery, type ListUrlFilters } from "../../src/ui/components/list-url.ts"
import { inputOfInstant } from "../../src/machines/account/viewer-zone.ts"

const sample: AuditEvent = {
  _id: "1",
  entityType: "user",
  entityId: "u1",
  type: "user.passwordChanged",
  actorId: "u1",
  actorName: "Uma",
  at: "2026-11-21T10:00:00.000Z",
  before: null,
  after: null,
}

/** The audit page's URL state: the page and the applied filters (no search, no order). */
type AuditUrlState = { filters: AuditFilters; page: number }
const url = (state: AuditUrlState): ListUrlState => ({ page: state.page, search: "", filters: state.filters })
const ask = (state: AuditUrlState): PageRequest => ({ ...url(state), limit: 20 })

/** The audit log is the one paged list, with filters: input from the URL, apply/clear/page push, back is followed. */
function start(input: Partial<AuditUrlState>, total = 45) {
  const requests: PageRequest[] = []
  const pushUrl = vi.fn()
  const replaceUrl = vi.fn()
  const machine = auditLogMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input: request }: { input: PageRequest }) => {
        requests.push(request)
        const last = Math.ceil(total / request.limit)
        return { rows: request.page > last ? [] : [sample], total }
      }),
    },
    actions: { pushUrl: (_, p) => pushUrl(p), replaceUrl: (_, p) => replaceUrl(p) },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, requests, pushUrl, replaceUrl }
}

const byType: AuditFilters = { ...emptyFilters, type: "user.passwordChanged" }

describe("audit log URL state", () => {
  it("starts with the URL's filters (in the form and applied) and page", async () => {
    const { actor, requests } = start({ filters: byType, page: 2 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]).toEqual(ask({ filters: byType, page: 2 }))
    expect(actor.getSnapshot().context.filters).toEqual(byType)
  })

  it("says a To before From beside the fields and never applies it; the same moment twice is a range", async () => {
    expect(auditRangeProblem({ from: "2026-11-21T10:00", to: "2026-11-21T09:59" })).toBe("To must be on or after From.")
    expect(auditRangeProblem({ from: "2026-11-21T10:00", to: "2026-11-21T10:00" })).toBeNull()
    expect(auditRangeProblem({ from: "2026-11-21T10:00", to: "" })).toBeNull()
    const { actor, requests, pushUrl } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "filter.change", field: "from", value: "2026-11-21T10:00" })
    actor.send({ type: "filter.change", field: "to", value: "2026-11-20T10:00" })
    actor.send({ type: "filter.apply" })
    expect(requests).toHaveLength(1)
    expect(pushUrl).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.applied).toEqual(emptyFilters)
    actor.send({ type: "filter.change", field: "to", value: "2026-11-21T10:00" })
    actor.send({ type: "filter.apply" })
    await waitFor(actor, (s) => s.matches("ready") && requests.length === 2)
    expect(requests[1]!.filters).toMatchObject({ from: "2026-11-21T10:00", to: "2026-11-21T10:00" })
  })

  it("ignores a page in the URL that is not a whole number from 1", async () => {
    const { actor, requests } = start({ page: 0 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests[0]!.page).toBe(1)
  })

  it("pushes applied filters, a clear and a page change, so Back returns to each", async () => {
    const { actor, pushUrl, replaceUrl } = start({})
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "filter.change", field: "type", value: "user.passwordChanged" })
    expect(pushUrl).not.toHaveBeenCalled()
    actor.send({ type: "filter.apply" })
    expect(pushUrl).toHaveBeenLastCalledWith(url({ filters: byType, page: 1 }))
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "page.next" })
    expect(pushUrl).toHaveBeenLastCalledWith(url({ filters: byType, page: 2 }))
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "filter.clear" })
    expect(pushUrl).toHaveBeenLastCalledWith(url({ filters: emptyFilters, page: 1 }))
    expect(pushUrl).toHaveBeenCalledTimes(3)
    expect(replaceUrl).not.toHaveBeenCalled()
  })

  it("follows back/forward into the form and the list without writing the URL, and ignores the same URL", async () => {
    const { actor, requests, pushUrl, replaceUrl } = start({ filters: byType })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "url.changed", search: "", filters: byType, page: 1 })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    const byActor = { ...emptyFilters, actorId: "u1" }
    actor.send({ type: "url.changed", search: "", filters: byActor, page: 2 })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(requests.at(-1)).toEqual(ask({ filters: byActor, page: 2 }))
    expect(actor.getSnapshot().context.filters).toEqual(byActor)
    expect(requests).toHaveLength(2)
    expect(pushUrl).not.toHaveBeenCalled()
    expect(replaceUrl).not.toHaveBeenCalled()
  })

  it("replaces the URL when a page past the end steps back to the last page", async () => {
    const { actor, requests, replaceUrl } = start({ filters: byType, page: 9 }, 45)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(replaceUrl).toHaveBeenLastCalledWith(url({ filters: byType, page: 3 }))
    expect(requests.map((r) => r.page)).toEqual([9, 3])
  })
})

describe("audit URL query (the lists' one URL helper, with the audit's filters)", () => {
  const filters: ListUrlFilters = { keys: Object.keys(emptyFilters), instants: auditInstantFilters }
  const state = url({
    filters: { entityType: "user", entityId: "", actorId: "a 1&b", type: "user.totp.enabled", from: "2026-11-01T09:30", to: "" },
    page: 3,
  })
  const setAuditQuery = (query: URLSearchParams, s: ListUrlState) => setListQuery(query, s, filters)
  const parseAuditQuery = (search: string) => parseListQuery(search, filters)

  it("writes dates as instants, leaves out empty filters and page 1, and keeps other keys", () => {
    const query = setAuditQuery(new URLSearchParams("other=kept&entityId=old"), state)
    expect(query.get("other")).toBe("kept")
    expect(query.has("entityId")).toBe(false)
    expect(query.has("to")).toBe(false)
    expect(query.get("from")).toBe(new Date("2026-11-01T09:30").toISOString())
    expect(query.get("page")).toBe("3")
    expect(setAuditQuery(new URLSearchParams(), url({ filters: emptyFilters, page: 1 })).toString()).toBe("")
  })

  it("reads back what it wrote, dates as local datetime inputs", () => {
    expect(parseAuditQuery(`?${setAuditQuery(new URLSearchParams(), state)}`)).toEqual(state)
  })

  it("drops a date that is not one and a page that is not a whole number from 1", () => {
    expect(parseAuditQuery("?from=soon&to=2026-13-45&page=-2")).toEqual(url({ filters: emptyFilters, page: 1 }))
    expect(inputOfInstant("")).toBe("")
  })

  it("shows seconds only when the instant has them", () => {
    expect(inputOfInstant(new Date("2026-11-01T09:30:15").toISOString())).toBe("2026-11-01T09:30:15")
  })
})
