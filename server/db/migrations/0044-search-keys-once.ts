import { type Kysely, sql } from "kysely"
import { keysFunction } from "./0040-search-word-pairs.ts"
import { personKeys } from "./0043-search-email-ends.ts"

/**
 * A person's search keys with their text lower-cased and joined once, not once for every key.
 *
 * `people_search_keys` (0009, 0040, 0041, 0043) computes the text it cuts into keys in a subquery, `joined`. The
 * planner pulls such a subquery up into the query around it and puts its expression in place of each use: every
 * test of a position and every piece, pair, digit run and end of an address lower-cased the name, email and number
 * and joined them again, hundreds of times a person. `offset 0` keeps the subquery as it is, so the text is computed
 * once. The keys are made from the same expressions, so they are the same, in the same order.
 *
 * bench/search-keys.bench.ts times both functions in one run: a person's keys (150 of them) took 368 µs before and
 * 121 µs after on PostgreSQL (0.33 ×), 508 µs and 285 µs on the embedded database (0.56 ×). Every write that adds a
 * person's index entries (a sign-up, a status change, a profile edit) computes them, and so does the index's build:
 * at a million people, about 7 of its 14 minutes on PostgreSQL went to computing the keys the old way.
 *
 * The same keys, so the index built with the old function is the one the new one builds: no rebuild.
 */
const joined = `lower(coalesce(name, '')) || chr(1) || lower(coalesce(email, '')) || chr(1) || lower(coalesce(number, '')) as t`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create or replace function people_search_keys(role text, status text, name text, email text, number text) returns text[]
       language sql immutable parallel safe as $$
         select array(${personKeys()}) from (select ${joined} offset 0) as joined
       $$`,
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(keysFunction(personKeys())).execute(db)
}
