/**
 * What the server's own statements say about the database right now. /readyz, when its `select 1` waits
 * in line behind the queries already queued (half a second on the embedded database with 100 searches
 * in flight), takes the next statement the database answers as proof that it is answering: only an answer
 * given after the probe began counts, so a database that has just gone away is never reported ready on
 * the strength of what it answered before it went.
 */
export interface DatabasePulse {
  /** Settles when the database next answers one of the server's statements. */
  nextAnswer(): Promise<void>
  record(outcome: "answered" | unknown): void
}

export function databasePulse(): DatabasePulse {
  let waiting: Array<() => void> = []
  return {
    nextAnswer: () => new Promise<void>((resolve) => waiting.push(resolve)),
    record(outcome) {
      if (outcome !== "answered" || waiting.length === 0) return
      const answered = waiting
      waiting = []
      for (const resolve of answered) resolve()
    },
  }
}

const pulses = new WeakMap<object, DatabasePulse>()

/** The pulse openDatabase attached to a database handle; none for a handle made another way. */
export const pulseOf = (db: object): DatabasePulse | undefined => pulses.get(db)

export function attachPulse(db: object, pulse: DatabasePulse): void {
  pulses.set(db, pulse)
}
