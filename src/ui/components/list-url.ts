import { fromCallback, type EventObject } from "xstate"
import { navigate } from "wouter/use-browser-location"
import type { createPagedListMachine, ListUrlState } from "../../machines/paged-list.machine.ts"

/**
 * The browser side of a list's URL state (`?page=2&search=ana`): read once as the machine's input,
 * written by the machine's pushUrl/replaceUrl actions, watched for back/forward. Page 1, an
 * empty search and the list's own order are left out, so a plain list keeps a plain address.
 *
 * Not wouter's useSearchParams: that hook keeps the state in the view, and here the list machine owns it
 * (the URL writes are its named actions, the back/forward watch its invoked actor), so the path tests walk
 * the same transitions the browser takes. Writes still go through wouter's `navigate`.
 */
export function readListUrl(): ListUrlState {
  const query = new URLSearchParams(window.location.search)
  const page = Number(query.get("page") ?? "1")
  const sort = query.get("sort")
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, search: query.get("search") ?? "", ...(sort ? { sort } : {}) }
}

export function writeListUrl(state: ListUrlState, replace: boolean): void {
  const query = new URLSearchParams(window.location.search)
  if (state.page > 1) query.set("page", String(state.page))
  else query.delete("page")
  if (state.search) query.set("search", state.search)
  else query.delete("search")
  if (state.sort) query.set("sort", state.sort)
  else query.delete("sort")
  writeQuery(query, replace)
}

/** Puts `query` in the address bar of the current path: a new entry, or in place with `replace`; nothing when unchanged. */
export function writeQuery(query: URLSearchParams, replace: boolean): void {
  const qs = query.toString()
  // Compared encoded alike: a hand-typed `?from=10:00` and its `%3A` form are the same address.
  if (qs === new URLSearchParams(window.location.search).toString()) return
  navigate(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { replace })
}

/** Sends `url.changed` whenever back/forward lands on another page or search of this screen. */
export const watchListUrl = fromCallback<EventObject>(({ sendBack }) => {
  const onPop = () => sendBack({ type: "url.changed", ...readListUrl() })
  window.addEventListener("popstate", onPop)
  return () => window.removeEventListener("popstate", onPop)
})

/** A paged list whose page and search live in the address bar. */
export function withListUrl<Row>(machine: ReturnType<typeof createPagedListMachine<Row>>) {
  return machine.provide({
    actions: { pushUrl: (_, state) => writeListUrl(state, false), replaceUrl: (_, state) => writeListUrl(state, true) },
    actors: { watchUrl: watchListUrl },
  })
}
