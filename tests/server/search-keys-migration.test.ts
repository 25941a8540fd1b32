import { type Kysely, sql } from "kysely"
import { describe, expect, it } from "vitest"
import * as searchKeys from "../../server/db/migrations/0009-search-keys.ts"
import { listPeople } from "../../server/db/repositories/people.repository.ts"
import { startTestServer } from "./harness.ts"

const indexesOfUsers = async (db: Kysely<unknown>) =>
  (
    await sql<{
      name: string
    }>`select indexname as name from pg_indexes where tablename = 'users' and schemaname = current_schema() and (indexname like '%trgm%' or indexname like '%search_keys%') order by 1`.execute(
      db,
    )
  ).rows.map((r) => r.name)

describe("migration 0009: the people search's keys", () => {
  it("replaces 0007's trigram indexes, goes back to them, and forward again with the same answers", async () => {
    const server = await startTestServer()
    // The migration sees the database untyped, as the migrator gives it.
    const untyped = server.db as unknown as Kysely<unknown>
    try {
      const search = async () =>
        (await listPeople(server.db, { roles: ["Lawyer"], status: "Approve", search: "demo" }, { page: 1, limit: 10, offset: 0 })).rows.map((r) => r._id)
      const before = await search()
      expect(before.length).toBeGreaterThan(0)
      expect(await indexesOfUsers(untyped)).toEqual(["users_search_keys_idx"])

      await searchKeys.down(untyped)
      expect(await indexesOfUsers(untyped)).toEqual(["users_email_trgm_idx", "users_name_trgm_idx", "users_number_trgm_idx"])

      await searchKeys.up(untyped)
      expect(await indexesOfUsers(untyped)).toEqual(["users_search_keys_idx"])
      expect(await search()).toEqual(before)
    } finally {
      await server.close()
    }
  })
})
