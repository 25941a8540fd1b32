import { type Kysely, sql } from "kysely"

/**
 * 1:1 counselling: the client's assigned counsellor on users, the marketing site's enquiries and
 * the booked sessions. Times are timestamptz (UTC instants). Indexes serve every list and the
 * counsellor-overlap check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("counsellor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute()
  // Unassign Users and Counselling Users: clients without / with a counsellor, newest first.
  await sql`create index users_unassigned_idx on users (created_at desc, id) where role = 'User' and counsellor_id is null`.execute(db)
  await sql`create index users_assigned_idx on users (created_at desc, id) where counsellor_id is not null`.execute(db)

  await db.schema
    .createTable("counselling_enquiries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("age", "integer")
    .addColumn("question1", "text", (c) => c.notNull())
    .addColumn("other_question1", "text")
    .addColumn("question2", "text", (c) => c.notNull())
    .addColumn("other_question2", "text")
    .addColumn("date_time", "timestamptz")
    .addColumn("is_access_send", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("counselling_enquiries_created_idx").on("counselling_enquiries").columns(["created_at desc", "id"]).execute()
  await db.schema.createIndex("counselling_enquiries_user_idx").on("counselling_enquiries").columns(["user_id", "created_at desc"]).execute()

  await db.schema
    .createTable("counselling_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("counsellor_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("agenda", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("meeting_key", "text", (c) => c.unique())
    .addColumn("join_link", "text")
    .addColumn("start_link", "text")
    .addColumn("booking_age", "integer")
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("counselling_sessions_ends_after_start", sql`ends_at > starts_at`)
    .execute()
  await db.schema.createIndex("counselling_sessions_created_idx").on("counselling_sessions").columns(["created_at desc", "id"]).execute()
  await db.schema.createIndex("counselling_sessions_user_idx").on("counselling_sessions").columns(["user_id", "starts_at", "id"]).execute()
  // Also serves the overlap check: the counsellor's sessions starting before the new end.
  await db.schema.createIndex("counselling_sessions_counsellor_idx").on("counselling_sessions").columns(["counsellor_id", "starts_at", "ends_at"]).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("counselling_sessions").execute()
  await db.schema.dropTable("counselling_enquiries").execute()
  await sql`drop index if exists users_assigned_idx`.execute(db)
  await sql`drop index if exists users_unassigned_idx`.execute(db)
  await db.schema.alterTable("users").dropColumn("counsellor_id").execute()
}
