import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("number", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Under Review"))
    .addColumn("password_hash", "text")
    .addColumn("organization_id", "text")
    .addColumn("organization_name", "text")
    .addColumn("address", "text")
    .addColumn("city", "text")
    .addColumn("pin_code", "text")
    .addColumn("state", "text")
    .addColumn("language", "text")
    .addColumn("experience", "text")
    .addColumn("preferred_contact_method", "text")
    .addColumn("additional_details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("document_details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("account_details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute()
  await sql`create unique index users_email_key on users (lower(email))`.execute(db)
  await db.schema.createIndex("users_role_status_created_idx").on("users").columns(["role", "status", "created_at", "id"]).execute()

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute()
  await db.schema.createIndex("refresh_tokens_user_idx").on("refresh_tokens").column("user_id").execute()

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()

  await db.schema
    .createTable("events")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .execute()
  await db.schema.createIndex("events_entity_idx").on("events").columns(["entity_type", "entity_id", "id"]).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["events", "password_reset_tokens", "refresh_tokens", "users"]) await db.schema.dropTable(table).execute()
}
