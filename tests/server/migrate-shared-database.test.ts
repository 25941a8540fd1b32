import pg from "pg"
import { describe, expect, it } from "vitest"
import { dropSchema, openDatabase } from "../../server/db/open-database.ts"

/**
 * A database shared with other clients (parallel test files, another application) sees schemas and tables
 * come and go. Migrating one schema must not depend on the others: Kysely's own catalog read scans every
 * schema and failed when one was dropped under it ('schema "t_…" does not exist', 'column "account_details"
 * of relation "users" does not exist'), which failed a CI run at random. Here another client drops schemas
 * as fast as it can while fresh schemas are migrated.
 */
const url = process.env.TEST_DATABASE_URL
const MIGRATIONS = 6

// Only the PostgreSQL run of the server suite has a shared database (vitest.config.ts leaves the file out of the other).
describe("migrating a schema of a shared PostgreSQL database", () => {
  it(`succeeds ${MIGRATIONS} times while another client creates and drops schemas all along`, { timeout: 120_000 }, async () => {
    const churner = new pg.Client({ connectionString: url })
    await churner.connect()
    const churning = { on: true }
    let churned = 0
    const churn = (async () => {
      while (churning.on) {
        const name = `churn_${process.pid}_${churned++}`
        await churner.query(`create schema ${name}; create table ${name}.things (id serial primary key, note text, at timestamptz default now())`)
        await churner.query(`drop schema ${name} cascade`)
      }
    })()
    const failures: string[] = []
    try {
      for (let i = 0; i < MIGRATIONS; i++) {
        const schema = `m_${process.pid}_${i}_${Math.random().toString(36).slice(2, 8)}`
        try {
          const database = await openDatabase({ kind: "postgres", url: url!, schema })
          await database.close()
        } catch (error) {
          failures.push((error as Error).message)
        } finally {
          await dropSchema(url!, schema)
        }
      }
    } finally {
      churning.on = false
      await churn
      await churner.end()
    }
    expect(churned).toBeGreaterThan(MIGRATIONS)
    expect(failures).toEqual([])
  })
})
