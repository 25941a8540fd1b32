import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tickets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "integer", (c) => c.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn("raiser_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ticket_type", "text", (c) => c.notNull().check(sql`ticket_type in ('Technical', 'General')`))
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("image_name", "text")
    .addColumn("closed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("closed_at", "timestamptz")
    .addColumn("closed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("user_rating", "smallint", (c) => c.check(sql`user_rating between 1 and 5`))
    .addColumn("user_review", "text")
    .addColumn("feedback_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    // Feedback only on a closed ticket, both parts together.
    .addCheckConstraint("tickets_feedback_closed", sql`user_rating is null or (closed and user_review is not null)`)
    .execute()
  // The Admin's list (all tickets, newest first) and everybody else's (their own, newest first).
  await db.schema.createIndex("tickets_created_idx").on("tickets").columns(["created_at desc", "id desc"]).execute()
  await db.schema.createIndex("tickets_raiser_created_idx").on("tickets").columns(["raiser_id", "created_at desc", "id desc"]).execute()

  await db.schema
    .createTable("ticket_responses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("seq", "integer", (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn("ticket_id", "text", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("question", "text")
    .addColumn("answer", "text")
    .addColumn("added_by", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("ticket_responses_one_side", sql`(question is null) <> (answer is null)`)
    .execute()
  await db.schema.createIndex("ticket_responses_ticket_seq_idx").on("ticket_responses").columns(["ticket_id", "seq"]).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ticket_responses").execute()
  await db.schema.dropTable("tickets").execute()
}
