import { useMemo } from "react"
import { useActorRef } from "@xstate/react"
import type { createPagedListMachine } from "../../machines/paged-list.machine.ts"
import { readListUrl, withListUrl } from "./list-url.ts"

/** Starts a screen's paged list on the page and search the URL names, and keeps the URL in step. */
export function useListActor<Row>(machine: ReturnType<typeof createPagedListMachine<Row>>) {
  const withUrl = useMemo(() => withListUrl(machine), [machine])
  return useActorRef(withUrl, { input: readListUrl() })
}
