import { fromCallback, type EventObject } from "xstate"
import { navigate } from "wouter/use-browser-location"
import type { createPagedListMachine, ListFilters, ListUrlState } from "../../machines/paged-list.machine.ts"
import { inputOfInstant, toInstant } from "../../machines/account/viewer-zone.ts"

/**
 * The browser side of a list's URL state (`?page=2&search=ana&size=25&hide=Email`, `/audit?type=user.passwordChanged&from=…`): read
 * once as the machine's input, written by the machine's pushUrl/replaceUrl actions, watched for back/forward.
 * Page 1, an empty search or filter, the list's own order, its own page size and an empty set of hidden columns are left out, so a plain list keeps
 * a plain address.
 *
 * Not wouter's useSearchParams: that hook keeps the state in the view, and here the list machine owns it
 * (the URL writes are its named actions, the back/forward watch its invoked actor), so the path tests walk
 * the same transitions the browser takes. Writes still go through wouter's `navigate`.
 */

/**
 * How a list with filters keeps them in the URL: each filter by its name, and those that are moments as
 * instants, so a shared link names the same rows in every time zone (the form shows them on the viewer's clock).
 */
export interface ListUrlFilters {
  keys: readonly string[]
  instants?: readonly string[]
}

/** The list's state that `search` (a URL's query string) names. */
export function parseListQuery(search: string, filters?: ListUrlFilters): ListUrlState {
  const query = new URLSearchParams(search)
  const page = Number(query.get("page") ?? "1")
  const sort = query.get("sort")
  const size = Number(query.get("size") ?? "")
  const state: ListUrlState = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: query.get("search") ?? "",
    ...(sort ? { sort } : {}),
    // A size the list does not offer is its own size: the machine decides.
    ...(Number.isInteger(size) && size >= 1 ? { size } : {}),
    ...(query.has("hide") ? { hidden: query.getAll("hide") } : {}),
  }
  if (!filters) return state
  const read = (key: string) => (filters.instants?.includes(key) ? inputOfInstant(query.get(key) ?? "") : (query.get(key) ?? ""))
  return { ...state, filters: Object.fromEntries(filters.keys.map((key) => [key, read(key)])) }
}

/** Sets the list's keys on `query` (other keys are kept). */
export function setListQuery(query: URLSearchParams, state: ListUrlState, filters?: ListUrlFilters): URLSearchParams {
  const values: Record<string, string> = {
    page: state.page > 1 ? String(state.page) : "",
    search: state.search,
    sort: state.sort ?? "",
    size: state.size ? String(state.size) : "",
  }
  const applied: ListFilters = state.filters ?? {}
  for (const key of filters?.keys ?? []) {
    const value = applied[key] ?? ""
    values[key] = value && filters?.instants?.includes(key) ? toInstant(value) : value
  }
  for (const [key, value] of Object.entries(values)) {
    if (value) query.set(key, value)
    else query.delete(key)
  }
  // One `hide` a hidden column, so any header (commas and all) reads back as it was.
  query.delete("hide")
  for (const column of state.hidden ?? []) query.append("hide", column)
  return query
}

export const readListUrl = (filters?: ListUrlFilters): ListUrlState => parseListQuery(window.location.search, filters)

export function writeListUrl(state: ListUrlState, replace: boolean, filters?: ListUrlFilters): void {
  writeQuery(setListQuery(new URLSearchParams(window.location.search), state, filters), replace)
}

/** Puts `query` in the address bar of the current path: a new entry, or in place with `replace`; nothing when unchanged. */
function writeQuery(query: URLSearchParams, replace: boolean): void {
  const qs = query.toString()
  // Compared encoded alike: a hand-typed `?from=10:00` and its `%3A` form are the same address.
  if (qs === new URLSearchParams(window.location.search).toString()) return
  navigate(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { replace })
}

/** Sends `url.changed` whenever back/forward lands on another page, search or filters of this screen (not when it leaves it). */
export const watchListUrlOf = (filters?: ListUrlFilters) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const path = window.location.pathname
    const onPop = () => window.location.pathname === path && sendBack({ type: "url.changed", ...readListUrl(filters) })
    window.addEventListener("popstate", onPop)
    return () => window.removeEventListener("popstate", onPop)
  })

export const watchListUrl = watchListUrlOf()

/** A paged list whose page, search, size and (with `filters`) filters live in the address bar. */
export function withListUrl<Row>(machine: ReturnType<typeof createPagedListMachine<Row>>, filters?: ListUrlFilters) {
  return machine.provide({
    actions: { pushUrl: (_, state) => writeListUrl(state, false, filters), replaceUrl: (_, state) => writeListUrl(state, true, filters) },
    actors: { watchUrl: filters ? watchListUrlOf(filters) : watchListUrl },
  })
}
