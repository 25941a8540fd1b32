import { fromCallback, type EventObject } from "xstate"
import { emptyFilters, toInstant, type AuditFilters, type AuditUrlState } from "../../../machines/audit/audit-log.machine.ts"
import { writeQuery } from "../../components/list-url.ts"
import { inputOfInstant } from "../../../machines/account/viewer-zone.ts"

/**
 * The audit page's URL state (`/audit?type=user.passwordChanged&from=2026-11-01T09:00:00.000Z&page=2`).
 * Dates travel as ISO instants, so a shared link names the same events in every time zone; the
 * form shows them on the viewer's clock. Empty filters and page 1 are left out.
 */
const textKeys = ["entityType", "entityId", "actorId", "type"] as const
const dateKeys = ["from", "to"] as const

/** An instant as a datetime-local value on the viewer's clock ('' when it is not a date). */
export const toLocalInput = (instant: string): string => inputOfInstant(instant)

export function parseAuditQuery(search: string): AuditUrlState {
  const query = new URLSearchParams(search)
  const filters: AuditFilters = { ...emptyFilters }
  for (const key of textKeys) filters[key] = query.get(key) ?? ""
  for (const key of dateKeys) filters[key] = toLocalInput(query.get(key) ?? "")
  const page = Number(query.get("page") ?? "1")
  return { filters, page: Number.isInteger(page) && page >= 1 ? page : 1 }
}

/** Sets this page's keys on `query` (other keys are kept). */
export function setAuditQuery(query: URLSearchParams, state: AuditUrlState): URLSearchParams {
  const values: Record<string, string> = { page: state.page > 1 ? String(state.page) : "" }
  for (const key of textKeys) values[key] = state.filters[key]
  for (const key of dateKeys) values[key] = state.filters[key] ? toInstant(state.filters[key]) : ""
  for (const [key, value] of Object.entries(values)) {
    if (value) query.set(key, value)
    else query.delete(key)
  }
  return query
}

export const readAuditUrl = (): AuditUrlState => parseAuditQuery(window.location.search)

export const writeAuditUrl = (state: AuditUrlState, replace: boolean) => writeQuery(setAuditQuery(new URLSearchParams(window.location.search), state), replace)

/** Sends `url.changed` whenever back/forward lands on other filters or another page of the audit trail (not when it leaves it). */
export const watchAuditUrl = fromCallback<EventObject>(({ sendBack }) => {
  const path = window.location.pathname
  const onPop = () => window.location.pathname === path && sendBack({ type: "url.changed", ...readAuditUrl() })
  window.addEventListener("popstate", onPop)
  return () => window.removeEventListener("popstate", onPop)
})
