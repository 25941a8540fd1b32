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

  // Prefix search as you type over every word of a name, the email (whole and its local part's
  // words) and the number's digits. Terms are kept by a trigger so every writer of users
  // (sign-up, invitations, seeds, admin edits) keeps the index right without knowing it exists.
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
        || regexp_split_to_array(split_part(lower(coalesce(p_email, '')), '@', 1), '[^[:alnum:]]+')
        || array[lower(btrim(coalesce(p_name, ''))), lower(btrim(coalesce(p_email, ''))), regexp_replace(coalesce(p_number, ''), '[^0-9]', '', 'g')]
      ) as t
      where t <> ''
    $$`.execute(db)
  await sql`
    create function people_search_terms_refresh() returns trigger
    language plpgsql as $$
    begin
      delete from people_search_terms where user_id = new.id;
      insert into people_search_terms (user_id, term)
        select new.id, t from people_search_terms_of(new.name, new.email, new.number) as t;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger users_people_search_terms
    after insert or update of name, email, number on users
    for each row execute function people_search_terms_refresh()`.execute(db)
  await sql`
    insert into people_search_terms (user_id, term)
    select u.id, t from users u cross join lateral people_search_terms_of(u.name, u.email, u.number) as t`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_people_search_terms on users`.execute(db)
  await sql`drop function if exists people_search_terms_refresh()`.execute(db)
  await sql`drop function if exists people_search_terms_of(text, text, text)`.execute(db)
  for (const table of ["people_search_terms", "vendor_default_availability", "vendor_availability"]) await db.schema.dropTable(table).execute()
}
