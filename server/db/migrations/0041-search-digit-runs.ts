import { type Kysely, sql } from "kysely"
import { gramsFunction, keysFunction, PAIRS, pairs, pieces, termPieces, up as upToWordPairs } from "./0040-search-word-pairs.ts"

/**
 * A search of seven digits or more (a phone number, or most of one) finds its people through one key of seven digits.
 *
 * A number's keys (0009) are its pieces of one to three characters, and a digit trigram is shared by about one
 * person in a thousand of a list: a full number was looked up by eight such pieces, each a posting list that grows
 * with the list, so the search cost 1.30 times as much at a million people as at a hundred thousand on the embedded
 * database (bench/RESULTS.md, 2026-12-05). Every run of seven digits in a person's text (name, email and number,
 * as 0009 joins them) now adds a key of its own: a ten-digit number adds four. A term of seven digits or more is
 * looked up by its last seven, which about one person in a list holds, and, as in 0040, by its first and last
 * pieces, whose frequencies the planner knows. The last seven, not the first: numbers share their first digits
 * (a country's, an operator's; the scale seed's run 6000000000 upwards), and differ at the end.
 *
 * Still a necessary condition: if a term of digits is in a text, its last seven digits are a run of seven digits
 * of that text. A digit key cannot be mistaken for a pair key (0040), which has a space in its middle.
 */
export const DIGITS = 7

export const digitRuns = (prefix: string) =>
  `select ${prefix} || substr(t, i, ${DIGITS}) from generate_series(1, length(t) - ${DIGITS - 1}) as i where substr(t, i, ${DIGITS}) ~ '^[0-9]{${DIGITS}}$'`

/** A term's keys: 0040's, or for a term of seven digits or more its last seven with its first and last pieces. */
const termKeys = (db: Kysely<unknown>) =>
  sql
    .raw(
      gramsFunction(`
        select case
          when cardinality(found.pairs) > 0 then found.pairs || array[scope || substr(t, 1, 3), scope || substr(t, length(t) - 2, 3)]
          when t ~ '^[0-9]{${DIGITS},}$'
            then array[scope || substr(t, length(t) - ${DIGITS - 1}, ${DIGITS}), scope || substr(t, 1, 3), scope || substr(t, length(t) - 2, 3)]
          else array(${termPieces}) end
        from (select array(${pairs("scope")} order by i limit ${PAIRS}) as pairs) as found`),
    )
    .execute(db)

export async function up(db: Kysely<unknown>): Promise<void> {
  const scope = `role || ':' || status || ':'`
  await sql.raw(keysFunction(`${pieces} union all ${pairs(scope)} union all ${digitRuns(scope)}`)).execute(db)
  await termKeys(db)
  // The index holds what the old function computed: built again with the new one, in this transaction.
  await sql`reindex index users_search_keys_idx`.execute(db)
}

/** Back to 0040's keys: its own `up` writes both functions and builds the index again. */
export const down = (db: Kysely<unknown>): Promise<void> => upToWordPairs(db)
