import { useMemo } from "react"
import { useActorRef } from "@xstate/react"
import type { createPagedListMachine, ListUrlState } from "../../machines/paged-list.machine.ts"
import { loadListPageSize, saveListPageSize } from "../../api/preferences-storage.ts"
import { authActor } from "../app/auth-actor.ts"
import { readListUrl, withListUrl, type ListUrlFilters } from "./list-url.ts"

/** Whose preference it is: a page size one person chose on a shared browser is not the next person's. */
const readerId = (): string | undefined => authActor.getSnapshot().context.session?.user._id

/** What the URL names, with the reader's remembered page size when the URL names none. */
function readListInput(listId: string, filters?: ListUrlFilters): ListUrlState {
  const state = readListUrl(filters)
  const reader = readerId()
  const remembered = state.size === undefined && reader !== undefined ? loadListPageSize(reader, listId) : undefined
  return remembered === undefined ? state : { ...state, size: remembered }
}

/**
 * Starts a screen's paged list on the page, search, order, page size (and `filters`) the URL names, keeps the URL in
 * step, and remembers the reader's page size for their next visit.
 */
export function useListActor<Row>(machine: ReturnType<typeof createPagedListMachine<Row>>, filters?: ListUrlFilters) {
  const withUrl = useMemo(
    () =>
      withListUrl(machine, filters).provide({
        actions: {
          rememberPageSize: (_, { size }) => {
            const reader = readerId()
            if (reader !== undefined) saveListPageSize(reader, machine.id, size)
          },
        },
      }),
    [machine, filters],
  )
  return useActorRef(withUrl, { input: readListInput(machine.id, filters) })
}
