import { useMemo } from "react"
import { useActorRef } from "@xstate/react"
import type { createPagedListMachine } from "../../machines/paged-list.machine.ts"
import { readListUrl, withListUrl, type ListUrlFilters } from "./list-url.ts"

/** Starts a screen's paged list on the page, search, order (and `filters`) the URL names, and keeps the URL in step. */
export function useListActor<Row>(machine: ReturnType<typeof createPagedListMachine<Row>>, filters?: ListUrlFilters) {
  const withUrl = useMemo(() => withListUrl(machine, filters), [machine, filters])
  return useActorRef(withUrl, { input: readListUrl(filters) })
}
