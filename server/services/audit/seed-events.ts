import { json, type Db } from "../../db/database.ts"
import { projections } from "./projections.ts"

/**
 * The demo seed writes its rows directly (hundreds of them, in one transaction); this gives each
 * the creation event a command would have written: every projected field, dated at the row's
 * `created_at` when it has one, no actor. Run after the rows exist and before the seeded status
 * history, so folding a demo entity's events gives its row.
 */
export async function recordSeededCreations(db: Db, now: number): Promise<void> {
  for (const projection of Object.values(projections)) {
    const entities = await projection.all(db)
    const events = entities.map(([id, fields]) => ({
      entity_type: projection.entityType,
      entity_id: id,
      type: `${projection.entityType}.created`,
      actor_id: null,
      at: typeof fields.created_at === "string" ? fields.created_at : new Date(now),
      before: null,
      after: json(fields),
    }))
    // In slices: one statement per table would pass PostgreSQL's 65535 bind parameters on big seeds.
    for (let i = 0; i < events.length; i += 500)
      await db
        .insertInto("events")
        .values(events.slice(i, i + 500))
        .execute()
  }
}
