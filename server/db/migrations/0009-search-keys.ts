import { type Kysely, sql } from "kysely"

const TRIGRAM_INDEXES = ["users_name_trgm_idx", "users_email_trgm_idx", "users_number_trgm_idx"] as const

/**
 * The people lists' search reads one index of keys scoped to a list (issue 9).
 *
 * 0007's trigram indexes (role, status and the text, with btree_gin) made a search read, for each of
 * its trigrams, everybody's posting list: at a million people the trigrams of a name or of a phone
 * number ("600", "000") are in tens or hundreds of thousands of rows, and a search for one person took
 * 19-23 ms, twenty times page 1. Here each key is a trigram prefixed with the row's role and status
 * ("Lawyer:Approve:tar"), so a search reads only its own list's postings: one index, about 1 ms.
 *
 * - `people_search_keys(...)`: a person's keys: every substring of 1 to 3 characters of name, email
 *   and number, lower-cased (as ILIKE compares) and joined by chr(1), prefixed with the scope.
 * - `search_grams(scope, t)`: a term's keys: its 3-character substrings, or the term itself when it
 *   is shorter, so a search of one or two letters is narrowed by the index too. With 3-character keys
 *   only, the index is half the size (108 MB at a million people, against 223) and builds in 2 minutes
 *   instead of 8, but such a term could only be found by reading the list, or the whole table.
 * If a term is in a text, each of its substrings is one of the text's: containment of the keys is a
 * necessary condition, and the ILIKE filter beside it decides. A key spanning two fields can only let
 * in a row that the filter then refuses. The array operator `@>` needs no recheck of the index, so
 * the function is not run again on the rows found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_grams(scope text, t text) returns text[] language sql immutable parallel safe as $$
      select array(select scope || substr(t, i, least(length(t), 3)) from generate_series(1, greatest(length(t) - 2, 1)) as i)
    $$`.execute(db)
  // Built-in functions only in its body: an index expression is also evaluated by autovacuum, whose
  // search_path holds none of ours (test runs give every suite a schema of its own).
  await sql`
    create function people_search_keys(role text, status text, name text, email text, number text) returns text[]
    language sql immutable parallel safe as $$
      select array(select role || ':' || status || ':' || substr(t, i, n) from generate_series(1, length(t)) as i, generate_series(1, 3) as n where i + n <= length(t) + 1)
      from (select lower(coalesce(name, '')) || chr(1) || lower(coalesce(email, '')) || chr(1) || lower(coalesce(number, '')) as t) as joined
    $$`.execute(db)
  await sql`create index users_search_keys_idx on users using gin (people_search_keys(role, status, name, email, number))`.execute(db)
  for (const index of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(index)}`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const ops = sql.raw(`${await schemaOf(db, "pg_trgm")}.gin_trgm_ops`)
  const textOps = sql.raw(`${await schemaOf(db, "btree_gin")}.text_ops`)
  for (const column of ["name", "email", "number"]) {
    await sql`create index ${sql.id(`users_${column}_trgm_idx`)} on users using gin (role ${textOps}, status ${textOps}, ${sql.id(column)} ${ops})`.execute(db)
  }
  await sql`drop index if exists users_search_keys_idx`.execute(db)
  await sql`drop function if exists people_search_keys(text, text, text, text, text)`.execute(db)
  await sql`drop function if exists search_grams(text, text)`.execute(db)
}

/** The quoted schema an extension 0007 installed lives in. */
async function schemaOf(db: Kysely<unknown>, name: "pg_trgm" | "btree_gin"): Promise<string> {
  const row = (
    await sql<{
      schema: string
    }>`select quote_ident(n.nspname) as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db)
  ).rows[0]
  if (!row) throw new Error(`${name} is not installed (migration 0007 installs it)`)
  return row.schema
}
