import type { TicketThread } from "../../../src/api/contract/tickets/ticket.ts"
import { latestVersions } from "../latest-versions.ts"

/**
 * Each ticket's thread at the latest version this process saw. A ticket's version moves with every step on it (a
 * response, a close, feedback), so the thread at one version never changes; people's names aside, which show from
 * the ticket's next step, as they do for a chat whose ETag (the version alone) still holds. A step builds its answer
 * from the thread at the version it locked and what it wrote, instead of reading the whole thread back after its
 * commit: on PostgreSQL that read cost a chat answer a third of what its whole transaction cost (issue 31).
 */
export interface ThreadCache {
  get(queryId: string, version: number): TicketThread | undefined
  set(queryId: string, version: number, thread: TicketThread): void
}

export function memoryThreadCache(maxEntries = 1_000): ThreadCache {
  const entries = latestVersions<{ version: number; thread: TicketThread }>(maxEntries)
  return {
    get: (queryId, version) => {
      const entry = entries.get(queryId)
      return entry?.version === version ? entry.thread : undefined
    },
    set: (queryId, version, thread) => entries.offer(queryId, { version, thread }),
  }
}
