import { type Kysely, sql } from "kysely"

/**
 * Lists at a million rows (issue 9).
 * - Trigram indexes (pg_trgm, with btree_gin for role and status) serve the people lists' substring
 *   search on name, email and number. The extensions live in `public` (or wherever they already
 *   are): test runs on PostgreSQL migrate one schema each and drop it afterwards, which must never
 *   drop an extension with it.
 * - `list_counts` keeps the totals of the big unfiltered lists (all sessions, all tickets, the
 *   audit log, assigned and unassigned clients) by statement-level triggers, like `user_counts`:
 *   no list answer counts a million rows.
 * - Indexes for the audit log's filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const trgm = await extensionSchema(db, "pg_trgm")
  const btree = await extensionSchema(db, "btree_gin")
  // (role, status, text): one index scan finds the matches of one list (a role, a status) only, so
  // the planner prefers it to reading every person; btree_gin lets role and status live in a GIN index.
  const ops = sql.raw(`${quoteIdent(trgm)}.gin_trgm_ops`)
  const textOps = sql.raw(`${quoteIdent(btree)}.text_ops`)
  for (const column of ["name", "email", "number"]) {
    await sql`create index ${sql.id(`users_${column}_trgm_idx`)} on users using gin (role ${textOps}, status ${textOps}, ${sql.id(column)} ${ops})`.execute(db)
  }

  await sql`create table list_counts (name text primary key, n bigint not null default 0)`.execute(db)
  // Generic: the key is the trigger's argument, so one function serves every table.
  await sql`
    create function list_counts_add() returns trigger language plpgsql as $$
    begin
      insert into list_counts (name, n) select TG_ARGV[0], count(*) from new_rows
      on conflict (name) do update set n = list_counts.n + excluded.n;
      return null;
    end $$`.execute(db)
  await sql`
    create function list_counts_remove() returns trigger language plpgsql as $$
    begin
      insert into list_counts (name, n) select TG_ARGV[0], -count(*) from old_rows
      on conflict (name) do update set n = list_counts.n + excluded.n;
      return null;
    end $$`.execute(db)
  await sql`create function list_counts_reset() returns trigger language plpgsql as $$ begin delete from list_counts where name = any(TG_ARGV); return null; end $$`.execute(
    db,
  )
  for (const [table, key] of [
    ["counselling_sessions", "counselling_sessions"],
    ["tickets", "tickets"],
    ["events", "events"],
  ] as const) {
    const name = (suffix: string) => sql.id(`${table}_list_count_${suffix}`)
    await sql`create trigger ${name("insert")} after insert on ${sql.id(table)} referencing new table as new_rows for each statement execute function list_counts_add(${sql.lit(key)})`.execute(
      db,
    )
    await sql`create trigger ${name("delete")} after delete on ${sql.id(table)} referencing old table as old_rows for each statement execute function list_counts_remove(${sql.lit(key)})`.execute(
      db,
    )
    await sql`create trigger ${name("truncate")} after truncate on ${sql.id(table)} for each statement execute function list_counts_reset(${sql.lit(key)})`.execute(
      db,
    )
  }

  // Clients with and without a counsellor (the two Counselling lists); same predicates as their partial indexes.
  for (const [fn, body] of [
    ["client_counts_add", clientDelta("new_rows", 1)],
    ["client_counts_remove", clientDelta("old_rows", -1)],
    ["client_counts_move", `${clientDelta("new_rows", 1)} union all ${clientDelta("old_rows", -1)}`],
  ] as const) {
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into list_counts (name, n)
          select k, sum(d) from (${sql.raw(body)}) moved group by k having sum(d) <> 0 order by k
        on conflict (name) do update set n = list_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  }
  await sql`create trigger users_client_count_insert after insert on users referencing new table as new_rows for each statement execute function client_counts_add()`.execute(
    db,
  )
  await sql`create trigger users_client_count_delete after delete on users referencing old table as old_rows for each statement execute function client_counts_remove()`.execute(
    db,
  )
  await sql`create trigger users_client_count_update after update on users referencing old table as old_rows new table as new_rows for each statement execute function client_counts_move()`.execute(
    db,
  )
  await sql`create trigger users_client_count_truncate after truncate on users for each statement execute function list_counts_reset('clients_unassigned', 'clients_assigned')`.execute(
    db,
  )

  // Rows that existed before this migration are counted once, here; an empty database stays empty
  // (a restore only goes into a database without rows).
  await sql`
    insert into list_counts (name, n)
    select name, n from (
      select 'counselling_sessions' as name, count(*) as n from counselling_sessions
      union all select 'tickets', count(*) from tickets
      union all select 'events', count(*) from events
      union all select 'clients_unassigned', count(*) from users where role = 'User' and counsellor_id is null
      union all select 'clients_assigned', count(*) from users where counsellor_id is not null
    ) counted where n > 0`.execute(db)

  // The audit log's filters, newest first.
  await sql`create index events_actor_idx on events (actor_id, id)`.execute(db)
  await sql`create index events_type_idx on events (type, id)`.execute(db)
  await sql`create index events_at_idx on events (at, id)`.execute(db)
}

/** One side of a users change, as (key, delta) rows of the two client lists. */
function clientDelta(rows: "new_rows" | "old_rows", sign: 1 | -1): string {
  return `select 'clients_unassigned' as k, ${sign} as d from ${rows} where role = 'User' and counsellor_id is null
    union all select 'clients_assigned', ${sign} from ${rows} where counsellor_id is not null`
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Installs an extension once per database (in `public`) and answers the schema it lives in. Two
 * migrations racing to install it (parallel test schemas) are fine: the loser sees it installed.
 */
async function extensionSchema(db: Kysely<unknown>, name: "pg_trgm" | "btree_gin"): Promise<string> {
  const installed = async () =>
    (
      await sql<{
        schema: string
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db)
    ).rows[0]?.schema
  const found = await installed()
  if (found) return found
  await sql`savepoint install_extension`.execute(db)
  try {
    await sql`create extension if not exists ${sql.id(name)} schema public`.execute(db)
    await sql`release savepoint install_extension`.execute(db)
  } catch (error) {
    await sql`rollback to savepoint install_extension`.execute(db)
    if (!(await installed())) throw error
  }
  const schema = await installed()
  if (!schema) throw new Error(`${name} could not be installed`)
  return schema
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["events_actor_idx", "events_type_idx", "events_at_idx", "users_name_trgm_idx", "users_email_trgm_idx", "users_number_trgm_idx"]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db)
  }
  for (const t of ["insert", "delete", "update", "truncate"]) await sql`drop trigger if exists ${sql.id(`users_client_count_${t}`)} on users`.execute(db)
  for (const table of ["counselling_sessions", "tickets", "events"]) {
    for (const t of ["insert", "delete", "truncate"]) await sql`drop trigger if exists ${sql.id(`${table}_list_count_${t}`)} on ${sql.id(table)}`.execute(db)
  }
  for (const fn of ["client_counts_add", "client_counts_remove", "client_counts_move", "list_counts_add", "list_counts_remove", "list_counts_reset"]) {
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db)
  }
  await sql`drop table if exists list_counts`.execute(db)
}
