import { latestVersions } from "../latest-versions.ts"

/**
 * Each user's current token version, cached so checking an access token costs no query. The
 * database row is the truth (`users.token_version`); this store only remembers what was read or
 * written. In one process a map is enough; with several processes the store must be shared
 * (redis-token-versions.ts), or a bump made through one instance would not be seen by another.
 */
export interface TokenVersionStore {
  /** The version last remembered, or undefined (then the row is read and remembered). */
  get(userId: string): Promise<number | undefined>
  /** What this process holds itself, without I/O: the memory store's entry; a shared store holds nothing here. */
  peek(userId: string): number | undefined
  /** Never moves backwards: a request that read the row before a bump committed cannot undo the bump. */
  remember(userId: string, version: number): Promise<void>
  /** For a deleted account: its next token check reads the row and finds nothing. */
  forget(userId: string): Promise<void>
}

/**
 * Bounded: the users least recently used are forgotten first (they are then read once more).
 * An entry is trusted for `ttlMs` only, so a bump written straight to the database (the create-admin
 * script resetting a password) still takes effect within a minute.
 */
export function memoryTokenVersions(now: () => number = Date.now, maxEntries = 100_000, ttlMs = 60_000): TokenVersionStore {
  const entries = latestVersions<{ version: number; at: number }>(maxEntries)
  const peek = (userId: string) => {
    const entry = entries.get(userId)
    return entry && now() - entry.at < ttlMs ? entry.version : undefined
  }
  return {
    peek,
    get: async (userId) => peek(userId),
    remember: async (userId, version) => entries.offer(userId, { version, at: now() }),
    forget: async (userId) => entries.forget(userId),
  }
}
