import { type Kysely, sql } from "kysely"

/**
 * Account features: vendor availability (My Listing) and the index behind the header's people
 * search. Portable SQL only: the same statements run on PGlite and PostgreSQL 15 (plpgsql is
 * built into both; no extension is needed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vendor_availability")
    .addColumn("vendor_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // 'YYYY-MM-DD' in the vendor's own calendar: a date type would be shifted by the server's time zone.
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("slots", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("vendor_availability_pkey", ["vendor_id", "day"])
    .execute()

  await db.schema
    .createTable("vendor_default_availability")
    .addColumn("vendor_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("slots", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Prefix search as you type over every word of a name, the whole email and the number's digits
  // (a multi-word query matches each word, so the whole name needs no term of its own). Triggers
  // keep the terms, so every writer of users (sign-up, invitations, seeds, admin edits) keeps the
  // index right without knowing it exists.
  // The "C" collation makes a plain b-tree serve both `term >= q and term < q||max` and ORDER BY term.
  await sql`
    create table people_search_terms (
      user_id text not null references users(id) on delete cascade,
      term text collate "C" not null,
      primary key (term, user_id)
    )`.execute(db)
  await sql`create index people_search_terms_user_idx on people_search_terms (user_id)`.execute(db)
  await sql`
    create function people_search_terms_of(p_name text, p_email text, p_number text) returns setof text
    language sql immutable as $$
      select distinct t from unnest(
        regexp_split_to_array(lower(coalesce(p_name, '')), '[^[:alnum:]]+')
        || array[lower(btrim(coalesce(p_email, ''))), regexp_replace(coalesce(p_number, ''), '[^0-9]', '', 'g')]
      ) as t
      where t <> ''
    $$`.execute(db)
  // Statement-level triggers read the changed rows as transition tables: a bulk insert of a
  // million people indexes them in one set-based statement instead of a million trigger calls.
  await sql`
    create function people_search_terms_on_insert() returns trigger
    language plpgsql as $$
    begin
      insert into people_search_terms (user_id, term)
        select n.id, t from new_rows n cross join lateral people_search_terms_of(n.name, n.email, n.number) as t;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger users_people_search_terms_insert
    after insert on users referencing new table as new_rows
    for each statement execute function people_search_terms_on_insert()`.execute(db)
  // Only rows whose name, email or number changed are re-indexed (a status change costs nothing).
  await sql`
    create function people_search_terms_on_update() returns trigger
    language plpgsql as $$
    begin
      delete from people_search_terms p
        using new_rows n join old_rows o on o.id = n.id
        where p.user_id = n.id and (n.name, n.email, n.number) is distinct from (o.name, o.email, o.number);
      insert into people_search_terms (user_id, term)
        select n.id, t from new_rows n join old_rows o on o.id = n.id
        cross join lateral people_search_terms_of(n.name, n.email, n.number) as t
        where (n.name, n.email, n.number) is distinct from (o.name, o.email, o.number);
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger users_people_search_terms_update
    after update on users referencing old table as old_rows new table as new_rows
    for each statement execute function people_search_terms_on_update()`.execute(db)
  await sql`
    insert into people_search_terms (user_id, term)
    select u.id, t from users u cross join lateral people_search_terms_of(u.name, u.email, u.number) as t`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_people_search_terms_insert on users`.execute(db)
  await sql`drop trigger if exists users_people_search_terms_update on users`.execute(db)
  await sql`drop function if exists people_search_terms_on_insert()`.execute(db)
  await sql`drop function if exists people_search_terms_on_update()`.execute(db)
  await sql`drop function if exists people_search_terms_of(text, text, text)`.execute(db)
  for (const table of ["people_search_terms", "vendor_default_availability", "vendor_availability"]) await db.schema.dropTable(table).execute()
}
