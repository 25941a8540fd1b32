import { type Kysely, sql } from "kysely"

/**
 * Refresh tokens that rotate (issue 21). Every sign-in starts a family; each refresh replaces the token
 * it was given by a new one of the same family. A token presented again after it was replaced (past a
 * short grace for tabs that refresh together) means it was copied: the whole family is revoked.
 * `session_ends_at` is the sign-in's 2-hour end (spec section 9): no refresh reaches past it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("refresh_tokens")
    .addColumn("family_id", "text")
    .addColumn("session_ends_at", "timestamptz")
    .addColumn("replaced_at", "timestamptz")
    .execute()
  // Tokens issued before rotation: each its own family, ending 2 hours after it was issued.
  await sql`update refresh_tokens set family_id = token_hash, session_ends_at = created_at + interval '2 hours'`.execute(db)
  await sql`alter table refresh_tokens alter column family_id set not null, alter column session_ends_at set not null`.execute(db)
  await db.schema.createIndex("refresh_tokens_family_idx").on("refresh_tokens").column("family_id").execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("refresh_tokens_family_idx").execute()
  await db.schema.alterTable("refresh_tokens").dropColumn("family_id").dropColumn("session_ends_at").dropColumn("replaced_at").execute()
}
