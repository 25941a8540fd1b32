import { type Kysely, sql } from "kysely"

/**
 * Vendor administration: contact enquiries, and the counters behind the Admin dashboard.
 * Counts are kept by statement-level triggers (plpgsql, shipped by PGlite and PostgreSQL alike), so
 * every insert, update or delete of users or enquiries, from any code, moves them in the same
 * transaction, and the dashboard never counts rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_enquiries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("contact_enquiries_created_idx").on("contact_enquiries").columns(["created_at", "id"]).execute()

  // Review lists span the vendor roles of one status; the org-scoped list filters by organization first.
  await db.schema.createIndex("users_status_created_idx").on("users").columns(["status", "created_at", "id"]).execute()
  await db.schema.createIndex("users_org_role_status_created_idx").on("users").columns(["organization_id", "role", "status", "created_at", "id"]).execute()

  await db.schema
    .createTable("user_counts")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("user_counts_pkey", ["role", "status"])
    .execute()
  await db.schema
    .createTable("contact_enquiry_count")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("n", "bigint", (c) => c.notNull().defaultTo(0))
    .execute()

  await sql`
    create function user_counts_add() returns trigger language plpgsql as $$
    begin
      insert into user_counts (role, status, n)
        select role, status, count(*) from new_rows group by role, status order by role, status
      on conflict (role, status) do update set n = user_counts.n + excluded.n;
      return null;
    end $$`.execute(db)
  await sql`
    create function user_counts_remove() returns trigger language plpgsql as $$
    begin
      insert into user_counts (role, status, n)
        select role, status, -count(*) from old_rows group by role, status order by role, status
      on conflict (role, status) do update set n = user_counts.n + excluded.n;
      return null;
    end $$`.execute(db)
  // An update adds its new rows and removes its old ones; unchanged keys cancel out and are not written.
  await sql`
    create function user_counts_move() returns trigger language plpgsql as $$
    begin
      insert into user_counts (role, status, n)
        select role, status, sum(d) from (
          select role, status, 1 as d from new_rows
          union all
          select role, status, -1 as d from old_rows
        ) moved group by role, status having sum(d) <> 0 order by role, status
      on conflict (role, status) do update set n = user_counts.n + excluded.n;
      return null;
    end $$`.execute(db)
  await sql`create function user_counts_reset() returns trigger language plpgsql as $$ begin delete from user_counts; return null; end $$`.execute(db)
  await sql`create trigger users_count_insert after insert on users referencing new table as new_rows for each statement execute function user_counts_add()`.execute(
    db,
  )
  await sql`create trigger users_count_delete after delete on users referencing old table as old_rows for each statement execute function user_counts_remove()`.execute(
    db,
  )
  await sql`create trigger users_count_update after update on users referencing old table as old_rows new table as new_rows for each statement execute function user_counts_move()`.execute(
    db,
  )
  await sql`create trigger users_count_truncate after truncate on users for each statement execute function user_counts_reset()`.execute(db)

  // One function per operation: a transition table exists only in the trigger that declares it.
  for (const [fn, sign, rows] of [
    ["contact_enquiry_count_add", "", "new_rows"],
    ["contact_enquiry_count_remove", "-", "old_rows"],
  ] as const) {
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into contact_enquiry_count (id, n) select 1, ${sql.raw(sign)}count(*) from ${sql.raw(rows)}
        on conflict (id) do update set n = contact_enquiry_count.n + excluded.n;
        return null;
      end $$`.execute(db)
  }
  await sql`create function contact_enquiry_count_reset() returns trigger language plpgsql as $$ begin delete from contact_enquiry_count; return null; end $$`.execute(
    db,
  )
  await sql`create trigger contact_enquiries_count_insert after insert on contact_enquiries referencing new table as new_rows for each statement execute function contact_enquiry_count_add()`.execute(
    db,
  )
  await sql`create trigger contact_enquiries_count_delete after delete on contact_enquiries referencing old table as old_rows for each statement execute function contact_enquiry_count_remove()`.execute(
    db,
  )
  await sql`create trigger contact_enquiries_count_truncate after truncate on contact_enquiries for each statement execute function contact_enquiry_count_reset()`.execute(
    db,
  )

  // Users that existed before this migration are counted once, here.
  await sql`insert into user_counts (role, status, n) select role, status, count(*) from users group by role, status`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["users_count_insert", "users_count_delete", "users_count_update", "users_count_truncate"])
    await sql`drop trigger if exists ${sql.raw(t)} on users`.execute(db)
  for (const f of ["user_counts_add", "user_counts_remove", "user_counts_move", "user_counts_reset"])
    await sql`drop function if exists ${sql.raw(f)}()`.execute(db)
  await db.schema.dropTable("contact_enquiries").execute()
  await sql`drop function if exists contact_enquiry_count_add()`.execute(db)
  await sql`drop function if exists contact_enquiry_count_remove()`.execute(db)
  await sql`drop function if exists contact_enquiry_count_reset()`.execute(db)
  for (const t of ["contact_enquiry_count", "user_counts"]) await db.schema.dropTable(t).execute()
  await db.schema.dropIndex("users_status_created_idx").execute()
  await db.schema.dropIndex("users_org_role_status_created_idx").execute()
}
