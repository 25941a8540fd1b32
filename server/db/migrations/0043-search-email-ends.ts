import { type Kysely, sql } from "kysely"
import { gramsFunction, keysFunction, PAIRS, pairs, pieces, termPieces } from "./0040-search-word-pairs.ts"
import { DIGITS, digitRuns, up as upToDigitRuns } from "./0041-search-digit-runs.ts"

/**
 * A search with an "@" and four characters or more before it (most of an email address) finds its people through
 * the end of the address's local part.
 *
 * An email address has no space and, unless it holds seven digits in a row, no key of its own (0040, 0041): a full
 * address was looked up by up to twelve pieces of three characters, the rarest of them a posting list that grows
 * with the list, so at five million people an email search cost 2.68 times what it cost at a million on
 * PostgreSQL (bench/README.md, 2026-12-06), where a number, with its digit keys, stayed flat. The end of the
 * local part, just before the "@", is what tells addresses apart (their domains are shared), so every "@" of a
 * person's text now adds two keys: the four and the eight characters before it, with the "@". A term is looked up
 * by the longer of the two it holds before its first "@", and, as in 0040 and 0041, by its first and last pieces,
 * whose frequencies the planner knows.
 *
 * Still a necessary condition: if a term is in a text, the characters before the term's "@" are the characters
 * before the same "@" of the text. The keys are five and nine characters long and end in "@": no piece (three at
 * most), pair key (0040, seven) or digit key (0041, seven digits) is one of them.
 */
const ENDS = [8, 4] as const

const emailEnds = (prefix: string) =>
  ENDS.map(
    (before) => `select ${prefix} || substr(t, i - ${before}, ${before + 1}) from generate_series(${before + 1}, length(t)) as i where substr(t, i, 1) = '@'`,
  ).join(" union all ")

/** The keys of a person's text, `t`: 0041's (pieces, pairs, digit runs) and the ends before each "@". 0044 makes the same. */
export const personKeys = () => {
  const scope = `role || ':' || status || ':'`
  return `${pieces} union all ${pairs(scope)} union all ${digitRuns(scope)} union all ${emailEnds(scope)}`
}

/** The longest end the term holds before its first "@" (ENDS, longest first): a CASE's branches, the first that fits wins. */
const termEnd = ENDS.map((before) => `when strpos(t, '@') > ${before} then scope || substr(t, strpos(t, '@') - ${before}, ${before + 1})`).join(" ")

/** A term's keys: its pairs (0040), else the end before its "@", else its last seven digits (0041), else its pieces. */
const termKeys = (db: Kysely<unknown>) =>
  sql
    .raw(
      gramsFunction(`
        select case
          when cardinality(found.pairs) > 0 then found.pairs || ends
          when found.email_end is not null then array[found.email_end] || ends
          when t ~ '^[0-9]{${DIGITS},}$' then array[scope || substr(t, length(t) - ${DIGITS - 1}, ${DIGITS})] || ends
          else array(${termPieces}) end
        from (
          select
            array(${pairs("scope")} order by i limit ${PAIRS}) as pairs,
            case ${termEnd} end as email_end,
            array[scope || substr(t, 1, 3), scope || substr(t, length(t) - 2, 3)] as ends
        ) as found`),
    )
    .execute(db)

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(keysFunction(personKeys())).execute(db)
  await termKeys(db)
  // The index holds what the old function computed: built again with the new one, in this transaction.
  await sql`reindex index users_search_keys_idx`.execute(db)
}

/** Back to 0041's keys: its own `up` writes both functions and builds the index again. */
export const down = (db: Kysely<unknown>): Promise<void> => upToDigitRuns(db)
