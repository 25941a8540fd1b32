import { latestVersions } from "../latest-versions.ts"

/**
 * The current version of each ticket's chat, kept outside the database so a poll whose ETag
 * still holds is answered 304 without a query. Behind this interface so it can move to a shared
 * store (Redis, say) when several server processes run: an in-memory map only knows the changes
 * made by its own process, so with more than one process it must be shared.
 */
export interface TicketVersion {
  version: number
  /** Who raised the ticket: a 304 is only given to the raiser or the Admin. */
  raiserId: string
}

export interface TicketVersionStore {
  get(queryId: string): Promise<TicketVersion | undefined>
  /**
   * What this process can vouch for without asking anyone: the in-memory store's entry; a shared store's nothing
   * (another instance may have moved the version since), so its polls always take the route.
   */
  peek(queryId: string): TicketVersion | undefined
  /** Records a version read from or written to the database; it never moves backwards. */
  remember(queryId: string, entry: TicketVersion): Promise<void>
}

/** Bounded: the tickets least recently used are forgotten first (they are then read once more). */
export function memoryTicketVersions(maxEntries = 50_000): TicketVersionStore {
  const entries = latestVersions<TicketVersion>(maxEntries)
  return {
    get: async (queryId) => entries.get(queryId),
    peek: (queryId) => entries.get(queryId),
    remember: async (queryId, entry) => entries.offer(queryId, entry),
  }
}

/** A thread's answers (and its 304s) are the caller's own and always asked again. */
export const THREAD_CACHE_CONTROL = "private, no-cache"

export const etagOf = (queryId: string, version: number): string => `"${queryId}.${version}"`

/** True when an If-None-Match header (a list, weak tags allowed, or *) names `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  // What a polling console sends: the one tag it was given; the list form is parsed only otherwise.
  if (header === etag) return true
  return header.split(",").some((tag) => {
    const t = tag.trim()
    return t === "*" || t.replace(/^W\//, "") === etag
  })
}
