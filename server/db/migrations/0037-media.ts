import { type Kysely, sql } from "kysely"

/**
 * The media library (issue 28): one row per image, `file` its original's stored name (public uploads), with
 * its pixel size, bytes, alt text and variants (`[{ width, height, kind, file, bytes }]`, each file named by a
 * hash of its bytes). Where an image is used is read from the content tables' image columns, never copied here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("media")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("variants", "jsonb", (c) => c.notNull())
    .addColumn("uploaded_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute()
  // Newest first, the library's only order; the id breaks ties so pages never overlap.
  await sql`create index media_created_idx on media (created_at desc, id desc)`.execute(db)
  // Where an image is used: each content table found by its image column.
  for (const [table, column] of IMAGE_COLUMNS)
    await sql`create index ${sql.raw(`${table}_${column}_idx`)} on ${sql.table(table)} (${sql.ref(column)})`.execute(db)
}

const IMAGE_COLUMNS = [
  ["blogs", "image"],
  ["blog_schedules", "image"],
  ["experts", "avatar"],
  ["testimonials", "avatar"],
  ["press_items", "thumbnail"],
  ["gallery_items", "image"],
] as const

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of IMAGE_COLUMNS) await sql`drop index if exists ${sql.raw(`${table}_${column}_idx`)}`.execute(db)
  await db.schema.dropTable("media").execute()
}
