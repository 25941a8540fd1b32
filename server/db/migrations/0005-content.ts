import { type Kysely, sql } from "kysely"

/** Website content: blogs, gallery, experts, testimonials, press. Editors are users (role Editor). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blogs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("blog_name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("keyword", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("about", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("status", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute()
  // The slug is the blog's public address: unique, and the public lookup goes through it.
  await db.schema.createIndex("blogs_slug_key").on("blogs").column("slug").unique().execute()
  await db.schema.createIndex("blogs_created_idx").on("blogs").columns(["created_at", "id"]).execute()
  await db.schema.createIndex("blogs_status_created_idx").on("blogs").columns(["status", "created_at", "id"]).execute()

  await db.schema
    .createTable("gallery_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("gallery_items_created_idx").on("gallery_items").columns(["created_at", "id"]).execute()

  await db.schema
    .createTable("experts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("designation", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("experts_created_idx").on("experts").columns(["created_at", "id"]).execute()

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("summery", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("testimonials_created_idx").on("testimonials").columns(["created_at", "id"]).execute()

  await db.schema
    .createTable("press_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("press_items_created_idx").on("press_items").columns(["created_at", "id"]).execute()

  // The Editor page lists editors newest first; a partial index keeps that cheap among all users.
  await sql`create index users_editor_created_idx on users (created_at, id) where role = 'Editor'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_editor_created_idx`.execute(db)
  for (const table of ["press_items", "testimonials", "experts", "gallery_items", "blogs"]) await db.schema.dropTable(table).execute()
}
