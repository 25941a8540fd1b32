import { useMemo } from "react"
import { useActorRef } from "@xstate/react"
import type { createPagedListMachine, ListUrlState } from "../../machines/paged-list.machine.ts"
import { loadListView, saveListView } from "../../api/preferences-storage.ts"
import { authActor } from "../app/auth-actor.ts"
import { readListUrl, withListUrl, type ListUrlFilters } from "./list-url.ts"

/** Whose preference it is: how one person reads a list on a shared browser is not the next person's. */
const readerId = (): string | undefined => authActor.getSnapshot().context.session?.user._id

/** What the URL names, with the reader's remembered page size and hidden columns where the URL names none. */
function readListInput(listId: string, filters?: ListUrlFilters): ListUrlState {
  const state = readListUrl(filters)
  const reader = readerId()
  const stored = reader === undefined ? {} : loadListView(reader, listId)
  return {
    ...state,
    ...(state.size === undefined && stored.size !== undefined ? { size: stored.size } : {}),
    ...(state.hidden === undefined && stored.hidden !== undefined ? { hidden: stored.hidden } : {}),
  }
}

/**
 * Starts a screen's paged list on the page, search, order, page size, hidden columns (and `filters`) the URL
 * names, keeps the URL in step, and remembers the reader's page size and hidden columns for their next visit.
 */
export function useListActor<Row>(machine: ReturnType<typeof createPagedListMachine<Row>>, filters?: ListUrlFilters) {
  const withUrl = useMemo(
    () =>
      withListUrl(machine, filters).provide({
        actions: {
          rememberView: (_, view) => {
            const reader = readerId()
            if (reader !== undefined) saveListView(reader, machine.id, view)
          },
        },
      }),
    [machine, filters],
  )
  return useActorRef(withUrl, { input: readListInput(machine.id, filters) })
}
