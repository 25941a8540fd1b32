import { type Kysely, sql } from "kysely"

/**
 * A search term's keys are at most 12 of its 3-character pieces (the first, the last and evenly between).
 * Every key of a term must be one of the person's (0009), so any subset is still a necessary condition and
 * the ILIKE filter beside it still decides; but a 100-character term made 98 keys per list, each an
 * index lookup, and the longest allowed search held the embedded database (and with it the event loop)
 * for 30 to 70 ms. Only the query side changes: the index holds people's keys, not terms'.
 */
const MAX_GRAMS = 12

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_grams(scope text, t text) returns text[] language sql immutable parallel safe as $$
      select array(
        select scope || substr(t, i, least(length(t), 3))
        from (select greatest(length(t) - 2, 1) as n) as counted,
          generate_series(1, n) as i
        where n <= ${sql.raw(String(MAX_GRAMS))} or i = n or (i - 1) % ceil(n / ${sql.raw(String(MAX_GRAMS - 1))}.0)::int = 0
      )
    $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_grams(scope text, t text) returns text[] language sql immutable parallel safe as $$
      select array(select scope || substr(t, i, least(length(t), 3)) from generate_series(1, greatest(length(t) - 2, 1)) as i)
    $$`.execute(db)
}
