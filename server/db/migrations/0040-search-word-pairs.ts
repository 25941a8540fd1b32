import { type Kysely, sql } from "kysely"

/**
 * A search of two words or more ("Tara Kulkarni") finds its people through the words' meeting point.
 *
 * A person's keys (0009) are pieces of one to three characters, so no key of a full name is rarer than its rarest
 * word: the index had to walk every Kulkarni of the list, and check each against the other keys, to find the few
 * called Tara. That walk grew with the list, not with the answer (a full-name search cost 1.45 times as much at a
 * million people as at a hundred thousand, where the answer itself is read in microseconds). Each space of a
 * person's name, email or number now adds one key more: the seven characters around it ("ara kul"), three on
 * each side. A term with such a space has that key too, which only the people whose two words meet the same way
 * hold, so the index starts from them.
 *
 * Still a necessary condition (0009): if a term is in a text, a seven-character window around one of its spaces
 * is one around the same space of the text. One key per space (a name usually has one) beside the 150 or so
 * pieces a person has.
 *
 * A term with such keys (at most four) is looked up by them and its first and last pieces only: any subset of
 * its keys is still a necessary condition (0011), and each key is an index lookup of its own (four or five
 * pages), so the twelve pieces cost more than the few people they would rule out. The two pieces stay because
 * the planner knows their frequencies: a lone pair key, absent from the index's statistics, was estimated at
 * 0.5 % of the people and joined with the role index (19 ms at a million people, instead of 0.4).
 */
export const PAIRS = 4

/** Unchanged bodies of migrations 0009 and 0011 (a migration never imports code that may change; 0041 builds on these, which never change either). */
const joined = `lower(coalesce(name, '')) || chr(1) || lower(coalesce(email, '')) || chr(1) || lower(coalesce(number, '')) as t`
export const pieces = `select role || ':' || status || ':' || substr(t, i, n) from generate_series(1, length(t)) as i, generate_series(1, 3) as n where i + n <= length(t) + 1`
export const termPieces = `
  select scope || substr(t, i, least(length(t), 3))
  from (select greatest(length(t) - 2, 1) as n) as counted, generate_series(1, n) as i
  where n <= 12 or i = n or (i - 1) % ceil(n / 11.0)::int = 0`

/** The seven characters around each space of `t` with three on each side, after `prefix`. */
export const pairs = (prefix: string) => `select ${prefix} || substr(t, i - 3, 7) from generate_series(4, length(t) - 3) as i where substr(t, i, 1) = ' '`

export const keysFunction = (body: string) => `
  create or replace function people_search_keys(role text, status text, name text, email text, number text) returns text[]
  language sql immutable parallel safe as $$
    select array(${body}) from (select ${joined}) as joined
  $$`
export const gramsFunction = (select: string) => `
  create or replace function search_grams(scope text, t text) returns text[] language sql immutable parallel safe as $$
    ${select}
  $$`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(keysFunction(`${pieces} union all ${pairs(`role || ':' || status || ':'`)}`)).execute(db)
  await sql
    .raw(
      gramsFunction(`
        select case when cardinality(found.pairs) > 0
          then found.pairs || array[scope || substr(t, 1, 3), scope || substr(t, length(t) - 2, 3)]
          else array(${termPieces}) end
        from (select array(${pairs("scope")} order by i limit ${PAIRS}) as pairs) as found`),
    )
    .execute(db)
  // The index holds what the old function computed: built again with the new one, in this transaction.
  await sql`reindex index users_search_keys_idx`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(keysFunction(pieces)).execute(db)
  await sql.raw(gramsFunction(`select array(${termPieces})`)).execute(db)
  await sql`reindex index users_search_keys_idx`.execute(db)
}
