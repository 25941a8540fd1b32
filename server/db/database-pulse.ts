import { isDatabaseUnavailable } from "./unavailable.ts"

/**
 * What the server's own statements say about the database: when one last got an answer, and when one
 * last found the database unreachable. /readyz trusts a recent answer instead of sending `select 1`,
 * which under load waited in line behind every query already queued (half a second on the embedded
 * database with 100 searches in flight, while the database was answering all along).
 */
export interface DatabasePulse {
  /** True when a statement was answered within `ms` and none found the database unreachable since. */
  answeredWithin(ms: number): boolean
  record(outcome: "answered" | unknown): void
}

export function databasePulse(now: () => number = performance.now.bind(performance)): DatabasePulse {
  let answeredAt = Number.NEGATIVE_INFINITY
  let unreachableAt = Number.NEGATIVE_INFINITY
  return {
    answeredWithin: (ms) => answeredAt > unreachableAt && now() - answeredAt < ms,
    record(outcome) {
      if (outcome === "answered") answeredAt = now()
      else if (isDatabaseUnavailable(outcome)) unreachableAt = now()
    },
  }
}

const pulses = new WeakMap<object, DatabasePulse>()

/** The pulse openDatabase attached to a database handle; none for a handle made another way. */
export const pulseOf = (db: object): DatabasePulse | undefined => pulses.get(db)

export function attachPulse(db: object, pulse: DatabasePulse): void {
  pulses.set(db, pulse)
}
