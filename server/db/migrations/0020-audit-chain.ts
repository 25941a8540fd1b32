import { type Kysely, sql } from "kysely"

/**
 * The event log made tamper-evident (issue 25, NIST AU-9(3)). Events are sealed shortly after they
 * commit, in batches: each seal holds the hash of the events it covers (in id order) chained to the
 * previous seal's hash, and every covered event names its seal. A row changed, deleted or slipped in by
 * hand then no longer matches its seal's hash; `npm run audit:verify` walks the seals and reports the
 * first break. Sealing after the commit, not inside it, keeps writes from queueing behind one chain head.
 * Each event also names the hash of the workflow definition that allowed it (`machine`).
 * A daily checkpoint keeps the head hash, also written to a file an auditor can copy away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("events").addColumn("seal", "bigint").execute()
  await db.schema.alterTable("events").addColumn("machine", "text").execute()
  await sql`create index events_unsealed_idx on events (id) where seal is null`.execute(db)
  await sql`create index events_seal_idx on events (seal, id) where seal is not null`.execute(db)
  await db.schema
    .createTable("audit_seals")
    .addColumn("seq", "bigint", (c) => c.primaryKey())
    .addColumn("prev_hash", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("events", "integer", (c) => c.notNull())
    .addColumn("sealed_at", "timestamptz", (c) => c.notNull())
    .execute()
  await db.schema
    .createTable("audit_checkpoints")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("written_at", "timestamptz", (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_checkpoints").execute()
  await db.schema.dropTable("audit_seals").execute()
  await sql`drop index events_seal_idx`.execute(db)
  await sql`drop index events_unsealed_idx`.execute(db)
  await db.schema.alterTable("events").dropColumn("machine").execute()
  await db.schema.alterTable("events").dropColumn("seal").execute()
}
