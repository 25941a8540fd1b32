/**
 * Counts the statements that may have changed one database, as this process sends them. The answer
 * cache (services/cache/answer-cache.ts) keeps an answer only while the count is the one it read
 * before computing it, so a write made through this process, by a route or by a test's helper,
 * is never answered from an older copy.
 */
export interface WriteClock {
  /** The count so far; it only grows. */
  readonly now: number
  tick(): void
}

export function writeClock(): WriteClock {
  let now = 0
  return {
    get now() {
      return now
    },
    tick() {
      now++
    },
  }
}

/**
 * Whether a statement may change data. A false "yes" only costs a cached answer; a false "no" would
 * serve stale data, so anything that is not plainly a read counts: every statement not starting with
 * SELECT or WITH (INSERT, UPDATE, DELETE, COMMIT, a migration's DDL), and a read naming a write
 * (a CTE that updates). PostgreSQL's driver logs COMMIT, so a transaction counts once more when it
 * becomes visible; PGlite runs one statement at a time, so a read queued behind a transaction sees it.
 */
export function mayWrite(sql: string): boolean {
  return !/^\s*\(?\s*(select|with)\b/i.test(sql) || /\b(insert|update|delete|truncate|merge)\b/i.test(sql)
}

const clocks = new WeakMap<object, WriteClock>()

/** The clock openDatabase attached to a database handle; none for a handle made another way. */
export const writeClockOf = (db: object): WriteClock | undefined => clocks.get(db)

export function attachWriteClock(db: object, clock: WriteClock): void {
  clocks.set(db, clock)
}
