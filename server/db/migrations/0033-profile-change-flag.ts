import { type Kysely, sql } from "kysely"

/**
 * Whether a vendor has profile changes waiting for review (issue 26), on their own row: the role and review
 * lists mark those vendors for the Admin at no cost to the page's query (it reads the row anyway), where a
 * look-up in profile_changes would add a statement to every list page. Kept true exactly while the vendor's
 * change is pending, in the same transaction that makes or ends it (profile-changes.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("profile_change_pending", "boolean", (c) => c.notNull().defaultTo(false))
    .execute()
  await sql`update users set profile_change_pending = true where id in (select vendor_id from profile_changes where status = 'pending')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("profile_change_pending").execute()
}
