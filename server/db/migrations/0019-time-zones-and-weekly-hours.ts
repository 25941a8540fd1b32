import { type Kysely, sql } from "kysely"

/**
 * Issue 24's availability: each person's time zone (null: they never chose one; a vendor's hours are
 * then read in UTC) and a vendor's weekly hours, the slots of each weekday (0 Monday … 6 Sunday) that
 * apply to every date of that weekday without slots of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute()
  await db.schema
    .createTable("vendor_weekly_availability")
    .addColumn("vendor_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("weekday", "smallint", (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn("slots", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("vendor_weekly_availability_pkey", ["vendor_id", "weekday"])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("vendor_weekly_availability").execute()
  await db.schema.alterTable("users").dropColumn("time_zone").execute()
}
