/**
 * A version number per key (a ticket's conversation, say), bumped by every change, so a poll can
 * answer 304 when nothing changed since the version the client holds (its ETag).
 *
 * Versions are opaque increasing numbers, not counts: a key seen for the first time starts at the
 * current time in microseconds (milliseconds × 1000), never at 0. So after a restart (memory) or a Redis
 * that lost its data, the key starts above every version handed out before (unless it changed more than
 * 1000 times a millisecond), and a stale ETag gets 200, never a wrong 304.
 *
 * Use: bump AFTER the transaction that changed the data commits, and in a poll read the version
 * BEFORE reading the data; then an ETag can be older than the data it came with, never newer.
 */
export const startVersion = (nowMs: number): number => Math.floor(nowMs) * 1000

export interface VersionMap {
  /** The key's current version (starting it at the current time when unseen). */
  get(key: string): Promise<number>
  /** Records a change; returns the new version, greater than every version handed out before. */
  bump(key: string): Promise<number>
}

/** One process: the twin of redisVersionMap with the same semantics. */
export function memoryVersionMap(now: () => number = Date.now): VersionMap {
  const versions = new Map<string, number>()
  const current = (key: string) => {
    let version = versions.get(key)
    if (version === undefined) versions.set(key, (version = startVersion(now())))
    return version
  }
  return {
    async get(key) {
      return current(key)
    },
    async bump(key) {
      const next = current(key) + 1
      versions.set(key, next)
      return next
    },
  }
}
