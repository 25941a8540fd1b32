import { type Kysely, sql } from "kysely"

/**
 * All Sessions filtered by state (issue 26): scheduled, rescheduled, cancelled, completed or no-show. The list holds
 * every session (a million at the benchmark's scale), so each state's total is trigger-kept in list_counts
 * (`counselling_sessions_state_<state>`), and its pages walk a (state, created_at, id) or (state, starts_at, id)
 * index from either end like the unfiltered list.
 */
/** The states migration 0016's check allows; the contract's `sessionStates` (a migration never imports code that may change). */
const STATES = ["scheduled", "rescheduled", "cancelled", "completed", "noShow"]

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists counselling_sessions_state_created_idx on counselling_sessions (state, created_at desc, id)`.execute(db)
  await sql`create index if not exists counselling_sessions_state_starts_idx on counselling_sessions (state, starts_at, id)`.execute(db)
  const delta = (rows: string, d: number) => `select 'counselling_sessions_state_' || state as k, ${d} as d from ${rows}`
  for (const [fn, body] of [
    ["session_state_counts_add", delta("new_rows", 1)],
    ["session_state_counts_remove", delta("old_rows", -1)],
    ["session_state_counts_move", `${delta("new_rows", 1)} union all ${delta("old_rows", -1)}`],
  ] as const) {
    // An edit that keeps the state sums to 0 and writes nothing.
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into list_counts (name, n)
          select k, sum(d) from (${sql.raw(body)}) moved group by k having sum(d) <> 0 order by k
        on conflict (name) do update set n = list_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  }
  await sql`create trigger counselling_sessions_state_count_insert after insert on counselling_sessions referencing new table as new_rows for each statement execute function session_state_counts_add()`.execute(
    db,
  )
  await sql`create trigger counselling_sessions_state_count_delete after delete on counselling_sessions referencing old table as old_rows for each statement execute function session_state_counts_remove()`.execute(
    db,
  )
  await sql`create trigger counselling_sessions_state_count_update after update on counselling_sessions referencing old table as old_rows new table as new_rows for each statement execute function session_state_counts_move()`.execute(
    db,
  )
  await sql`create trigger counselling_sessions_state_count_truncate after truncate on counselling_sessions for each statement execute function list_counts_reset(${sql.join(
    STATES.map((state) => sql.lit(`counselling_sessions_state_${state}`)),
  )})`.execute(db)
  // Sessions made before this migration are counted once, here.
  await sql`
    insert into list_counts (name, n)
    select 'counselling_sessions_state_' || state, count(*) from counselling_sessions group by state
    on conflict (name) do update set n = excluded.n`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const suffix of ["insert", "delete", "update", "truncate"])
    await sql`drop trigger if exists ${sql.id(`counselling_sessions_state_count_${suffix}`)} on counselling_sessions`.execute(db)
  for (const fn of ["session_state_counts_add", "session_state_counts_remove", "session_state_counts_move"])
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db)
  await sql`delete from list_counts where name like 'counselling_sessions_state_%'`.execute(db)
  await sql`drop index if exists counselling_sessions_state_starts_idx`.execute(db)
  await sql`drop index if exists counselling_sessions_state_created_idx`.execute(db)
}
