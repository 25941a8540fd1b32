import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { createDatabase, dropDatabase, postgresUnreachable as postgresUnreachableAt, uniqueDatabaseName, withDatabase } from "../fixtures/postgres-databases.ts"
import type { Db } from "../../server/db/database.ts"
import { openDatabase } from "../../server/db/open-database.ts"
import { seedDemoIfEmpty } from "../../server/scripts/demo-seed.ts"

/**
 * Where a crash round's server keeps its data: a fresh embedded data directory, or a fresh PostgreSQL
 * database made for the run and dropped after it. `inspect` opens the data from the test process
 * (for the embedded database only while no server holds the directory, as in production).
 */
export interface CrashTarget {
  name: string
  env: Record<string, string>
  /** The server's lock file, for the embedded database. */
  lockFile?: string
  /** Whether the data can be read between the kill and the restart without standing in for the server. */
  inspectWhileDown: boolean
  inspect<T>(look: (db: Db) => Promise<T>): Promise<T>
  cleanup(): Promise<void>
}

export const PG_URL = process.env.RELIABILITY_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"

/** Null when PostgreSQL answers, else why not (the PostgreSQL half is then skipped with that message). */
export const postgresUnreachable = () => postgresUnreachableAt(PG_URL)

export async function embeddedTarget(): Promise<CrashTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-crash-"))
  const inspect = async <T>(look: (db: Db) => Promise<T>) => {
    // Takes the data directory's lock like a server would: a stale lock of a killed server must not block it.
    const database = await openDatabase({ kind: "embedded", dataDir })
    try {
      return await look(database.db)
    } finally {
      await database.close()
    }
  }
  await inspect((db) => seedDemoIfEmpty(db))
  return {
    name: "embedded",
    env: { DATA_DIR: dataDir, DEMO_SEED: "false" },
    lockFile: join(dataDir, "server.lock"),
    inspectWhileDown: false,
    inspect,
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

export async function postgresTarget(): Promise<CrashTarget> {
  const name = uniqueDatabaseName("console_crash")
  await createDatabase(PG_URL, name)
  const url = withDatabase(PG_URL, name)
  const database = await openDatabase({ kind: "postgres", url })
  await seedDemoIfEmpty(database.db)
  const dataDir = mkdtempSync(join(tmpdir(), "console-crash-pg-"))
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    inspectWhileDown: true,
    inspect: (look) => look(database.db),
    cleanup: async () => {
      await database.close()
      await dropDatabase(PG_URL, name)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface TicketLedger {
  id: string
  responses: number
  events: number
  rowsWithoutEvent: number
  eventsWithoutRow: number
  duplicateTexts: number
  version: number
  updatedAtMatchesLast: boolean
}

/** In one query: each ticket's chat rows, their events, anything half-written, and the derived fields. */
export async function ticketLedgers(db: Db, ticketIds: string[]): Promise<TicketLedger[]> {
  const { rows } = await sql<TicketLedger>`
    select
      t.id as "id",
      (select count(*)::int from ticket_responses r where r.ticket_id = t.id) as "responses",
      (select count(*)::int from events e where e.entity_id = t.id and e.type = 'ticket.responded') as "events",
      (select count(*)::int from ticket_responses r where r.ticket_id = t.id and not exists
        (select 1 from events e where e.entity_type = 'ticketResponse' and e.entity_id = r.id and e.type = 'ticketResponse.created')) as "rowsWithoutEvent",
      (select count(*)::int from events e where e.entity_type = 'ticketResponse' and e.type = 'ticketResponse.created'
        and e.after->>'ticket_id' = t.id and not exists (select 1 from ticket_responses r where r.id = e.entity_id)) as "eventsWithoutRow",
      (select count(*)::int from (select coalesce(question, answer) from ticket_responses r where r.ticket_id = t.id
        group by coalesce(question, answer) having count(*) > 1) d) as "duplicateTexts",
      t.version as "version",
      (t.updated_at = coalesce((select max(created_at) from ticket_responses r where r.ticket_id = t.id), t.created_at)) as "updatedAtMatchesLast"
    from tickets t where t.id in (${sql.join(ticketIds)})
    order by t.id
  `.execute(db)
  if (rows.length !== ticketIds.length) throw new Error(`only ${rows.length} of ${ticketIds.length} tickets are in the database`)
  return rows
}
