import { type Kysely, sql } from "kysely"

/**
 * Sign-in security (issue 10): a per-user token version that every access token carries (bumped to
 * revoke them all at once), TOTP two-factor sign-in with hashed recovery codes, and a small
 * key/value settings table for the Admin's "require two-factor for Admin accounts".
 * The TOTP secret sits in a table of its own so the many `select *` reads of users never carry it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable("user_totp")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    // Null while enrolment waits for its first code; sign-in asks for a code only once it is set.
    .addColumn("enabled_at", "timestamptz")
    // The last 30-second step accepted: a code is never accepted twice (no replay within its window).
    .addColumn("last_step", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable("user_recovery_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addPrimaryKeyConstraint("user_recovery_codes_pkey", ["user_id", "code_hash"])
    .execute()

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["settings", "user_recovery_codes", "user_totp"]) await db.schema.dropTable(table).execute()
  await db.schema.alterTable("users").dropColumn("token_version").execute()
}
