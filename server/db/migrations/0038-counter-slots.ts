import { type Kysely, sql } from "kysely"

/**
 * Counters that every write no longer queues behind (issue 31's write path). `list_counts` and `user_counts`
 * held one row per total, and every write transaction that appended an event (each of them does) updated the
 * `events` row and kept its lock until the commit: 50 concurrent writes took turns on one row, whatever
 * rows they wrote. Each total is now kept in 16 slots, a connection writing the slot of its backend (its
 * process id modulo 16), and a read sums the slots. One connection keeps one slot for every total, and each
 * function still writes its keys in order, so two transactions never wait on each other's rows in opposite
 * orders. `list_counts_reset` and `user_counts_reset` (a test's truncate) delete every slot as they are.
 */
const SLOT = "(pg_backend_pid() % 16)::smallint"

/** Unchanged bodies of migrations 0007 and 0029: each side of a change as (key, delta) rows. */
const clientDelta = (rows: string, sign: number) => `select 'clients_unassigned' as k, ${sign} as d from ${rows} where role = 'User' and counsellor_id is null
    union all select 'clients_assigned', ${sign} from ${rows} where counsellor_id is not null`
const stateDelta = (rows: string, d: number) => `select 'counselling_sessions_state_' || state as k, ${d} as d from ${rows}`

const LIST_COUNT_FUNCTIONS: Array<[name: string, body: string]> = [
  ["list_counts_add", "select TG_ARGV[0] as k, 1 as d from new_rows"],
  ["list_counts_remove", "select TG_ARGV[0] as k, -1 as d from old_rows"],
  ["client_counts_add", clientDelta("new_rows", 1)],
  ["client_counts_remove", clientDelta("old_rows", -1)],
  ["client_counts_move", `${clientDelta("new_rows", 1)} union all ${clientDelta("old_rows", -1)}`],
  ["session_state_counts_add", stateDelta("new_rows", 1)],
  ["session_state_counts_remove", stateDelta("old_rows", -1)],
  ["session_state_counts_move", `${stateDelta("new_rows", 1)} union all ${stateDelta("old_rows", -1)}`],
]

const USER_COUNT_FUNCTIONS: Array<[name: string, body: string]> = [
  ["user_counts_add", "select role, status, 1 as d from new_rows"],
  ["user_counts_remove", "select role, status, -1 as d from old_rows"],
  ["user_counts_move", "select role, status, 1 as d from new_rows union all select role, status, -1 as d from old_rows"],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table list_counts add column slot smallint not null default 0`.execute(db)
  await sql`alter table list_counts drop constraint list_counts_pkey, add primary key (name, slot)`.execute(db)
  await sql`alter table user_counts add column slot smallint not null default 0`.execute(db)
  await sql`alter table user_counts drop constraint user_counts_pkey, add primary key (role, status, slot)`.execute(db)
  for (const [fn, body] of LIST_COUNT_FUNCTIONS)
    await sql`
      create or replace function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into list_counts (name, slot, n)
          select k, ${sql.raw(SLOT)}, sum(d) from (${sql.raw(body)}) moved group by k having sum(d) <> 0 order by k
        on conflict (name, slot) do update set n = list_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  for (const [fn, body] of USER_COUNT_FUNCTIONS)
    await sql`
      create or replace function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into user_counts (role, status, slot, n)
          select role, status, ${sql.raw(SLOT)}, sum(d) from (${sql.raw(body)}) moved group by role, status having sum(d) <> 0 order by role, status
        on conflict (role, status, slot) do update set n = user_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  await sql`
    create or replace function tickets_closed_count_move() returns trigger language plpgsql as $$
    declare
      moved bigint := 0;
    begin
      if TG_OP in ('INSERT', 'UPDATE') then
        moved := moved + (select count(*) from new_rows where closed);
      end if;
      if TG_OP in ('DELETE', 'UPDATE') then
        moved := moved - (select count(*) from old_rows where closed);
      end if;
      if moved <> 0 then
        insert into list_counts (name, slot, n) values ('tickets_closed', ${sql.raw(SLOT)}, moved)
        on conflict (name, slot) do update set n = list_counts.n + excluded.n;
      end if;
      return null;
    end $$`.execute(db)
}

/** Back to one row per total: each total's slots summed into slot 0, then the functions of 0002, 0007, 0026 and 0029. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, key] of [
    ["list_counts", ["name"]],
    ["user_counts", ["role", "status"]],
  ] as const) {
    const keys = sql.raw(key.join(", "))
    await sql`create temporary table ${sql.raw(`${table}_summed`)} as select ${keys}, sum(n)::bigint as n from ${sql.raw(table)} group by ${keys}`.execute(db)
    await sql`delete from ${sql.raw(table)}`.execute(db)
    await sql`alter table ${sql.raw(table)} drop constraint ${sql.raw(`${table}_pkey`)}, drop column slot, add primary key (${keys})`.execute(db)
    await sql`insert into ${sql.raw(table)} (${keys}, n) select ${keys}, n from ${sql.raw(`${table}_summed`)}`.execute(db)
    await sql`drop table ${sql.raw(`${table}_summed`)}`.execute(db)
  }
  for (const [fn, body] of LIST_COUNT_FUNCTIONS)
    await sql`
      create or replace function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into list_counts (name, n)
          select k, sum(d) from (${sql.raw(body)}) moved group by k having sum(d) <> 0 order by k
        on conflict (name) do update set n = list_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  for (const [fn, body] of USER_COUNT_FUNCTIONS)
    await sql`
      create or replace function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into user_counts (role, status, n)
          select role, status, sum(d) from (${sql.raw(body)}) moved group by role, status having sum(d) <> 0 order by role, status
        on conflict (role, status) do update set n = user_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  await sql`
    create or replace function tickets_closed_count_move() returns trigger language plpgsql as $$
    declare
      moved bigint := 0;
    begin
      if TG_OP in ('INSERT', 'UPDATE') then
        moved := moved + (select count(*) from new_rows where closed);
      end if;
      if TG_OP in ('DELETE', 'UPDATE') then
        moved := moved - (select count(*) from old_rows where closed);
      end if;
      if moved <> 0 then
        insert into list_counts (name, n) values ('tickets_closed', moved)
        on conflict (name) do update set n = list_counts.n + excluded.n;
      end if;
      return null;
    end $$`.execute(db)
}
