/**
 * A bounded map from a row's id to its latest known version and what goes with it: the memories that spare a query
 * (users' token versions, tickets' versions, tickets' threads). A value never moves backwards: a read that began
 * before a change committed must not replace what the change wrote. Past `maxEntries` the row used least recently is
 * forgotten first (it is then read once more).
 */
export interface LatestVersions<V extends { version: number }> {
  /** The value kept for `key`, counted as a use. */
  get(key: string): V | undefined
  /** Keeps `value` unless a newer version is kept already. */
  offer(key: string, value: V): void
  forget(key: string): void
}

export function latestVersions<V extends { version: number }>(maxEntries: number): LatestVersions<V> {
  const entries = new Map<string, V>()
  // A Map iterates in insertion order: taking a key out and back in makes it the most recently used.
  const use = (key: string, value: V) => {
    entries.delete(key)
    entries.set(key, value)
  }
  return {
    get(key) {
      const value = entries.get(key)
      if (value) use(key, value)
      return value
    },
    offer(key, value) {
      const known = entries.get(key)
      if (known && known.version > value.version) return
      use(key, value)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    },
    forget: (key) => entries.delete(key),
  }
}
