import pg from "pg"
import { coresBusy, cpuTimes } from "../../tests/fixtures/cpu-times.ts"

/** Below this many busy cores, over a whole second, the machine counts as quiet: the server and the database idle. */
const QUIET_CORES = 0.25
const LONGEST_WAIT_S = 180

/**
 * Waits, before a figure measured in the browser, until the work the load figures left behind is done. On PostgreSQL
 * the soak's 25,000 writes leave autovacuum and a checkpoint to run after it, in processes of their own: in the full runs
 * that work ran beside Lighthouse, whose dashboard then scored 71–87 (total blocking time 200–343 ms) on PostgreSQL
 * against 99–100 on the embedded database, which has no such processes. The checkpoint is asked for here, so it is not
 * due in the middle of an audit. Returns a note for the report: how long it waited, and whether the machine got quiet
 * within LONGEST_WAIT_S (a figure measured on a machine that did not is marked so, not withheld).
 */
export async function untilQuiet(db: { db: "embedded" | "postgres"; pgUrl: string }, log: (line: string) => void): Promise<string> {
  const started = performance.now()
  if (db.db === "postgres") await checkpoint(db.pgUrl)
  let busy: number | undefined
  for (;;) {
    const before = cpuTimes()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    busy = coresBusy(before, cpuTimes())
    const waited = (performance.now() - started) / 1000
    if (busy === undefined) return "the machine's load is unknown here (no /proc/stat)"
    if (busy < QUIET_CORES || waited >= LONGEST_WAIT_S) {
      const note = `${busy < QUIET_CORES ? "measured once the machine was quiet" : "the machine was still busy"}: ${busy.toFixed(2)} cores busy after ${waited.toFixed(0)} s`
      log(note)
      return note
    }
  }
}

async function checkpoint(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query("checkpoint")
  } finally {
    await client.end()
  }
}
