import type { TicketThread } from "../../../src/api/contract/tickets/ticket.ts"

/**
 * Each ticket's thread at the latest version this process saw. A ticket's version moves with every step on it (a
 * response, a close, feedback), so the thread at one version never changes; people's names aside, which show from
 * the ticket's next step, as they do for a chat whose ETag (the version alone) still holds. A step builds its answer
 * from the thread at the version it locked and what it wrote, instead of reading the whole thread back after its
 * commit: on PostgreSQL that read cost a chat answer a third of what its whole transaction cost (issue 31).
 * Bounded: the tickets least recently used are forgotten first, and then read once more.
 */
export interface ThreadCache {
  get(queryId: string, version: number): TicketThread | undefined
  set(queryId: string, version: number, thread: TicketThread): void
}

export function memoryThreadCache(maxEntries = 1_000): ThreadCache {
  const entries = new Map<string, { version: number; thread: TicketThread }>()
  return {
    get(queryId, version) {
      const entry = entries.get(queryId)
      if (entry?.version !== version) return undefined
      entries.delete(queryId)
      entries.set(queryId, entry)
      return entry.thread
    },
    set(queryId, version, thread) {
      const known = entries.get(queryId)
      // A read that began before a step committed must not replace the step's newer thread.
      if (known && known.version > version) return
      entries.delete(queryId)
      entries.set(queryId, { version, thread })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    },
  }
}
