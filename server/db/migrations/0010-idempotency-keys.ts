import { type Kysely, sql } from "kysely"

/**
 * Retried writes (issue 33): a write sent with an Idempotency-Key claims the key here before it runs
 * and stores its answer after, so a retry of the same request within 24 hours is answered from this
 * row instead of writing again. `committed` is set inside the write's own transaction (by appendEvent),
 * so after a crash between the commit and the stored answer the server still knows the write happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("committed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("status", "integer")
    .addColumn("body", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["scope", "key"])
    .execute()
  await db.schema.createIndex("idempotency_keys_created_at_idx").on("idempotency_keys").column("created_at").execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute()
}
