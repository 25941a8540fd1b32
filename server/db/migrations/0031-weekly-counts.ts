import { type Kysely, sql } from "kysely"

/**
 * The Admin dashboard's trend charts (issue 26): counts per week (Monday, UTC), kept by statement triggers in
 * the same transaction as each change, like `list_counts`, so a chart of two years reads a few hundred small rows
 * and never scans a million.
 * - `signups_client`, `signups_vendor`: accounts created, by the week of `created_at` (Admins and Editors are
 *   not sign-ups). History: a deleted account stays counted.
 * - `approvals`: vendor status changes to Approve, from the event log (`user.statusChanged`), by the week of
 *   the event. The log is the record of who approved whom, and it also holds approvals written in bulk (the
 *   scale seed writes vendors already approved, with their approval events).
 * - `sessions_<state>`: sessions starting in a week, by the state they are in now; a reschedule or a state
 *   change moves one from a week or a state to another, a deletion removes it.
 * - `tickets_opened`, `tickets_closed`: by the week of `created_at` and `closed_at`. History, like sign-ups.
 */
const week = (column: string) => `date_trunc('week', ${column} at time zone 'UTC')::date`

/** The states migration 0016's check allows (a migration never imports code that may change). */
const STATES = ["scheduled", "rescheduled", "cancelled", "completed", "noShow"]

const signups = (rows: string) =>
  `select ${week("created_at")} as w, case when role = 'User' then 'signups_client' else 'signups_vendor' end as s, 1 as d
   from ${rows} where role not in ('Admin', 'Editor')`
const approvals = (rows: string) => `select ${week("at")} as w, 'approvals' as s, 1 as d from ${rows}
   where type = 'user.statusChanged' and after ->> 'status' = 'Approve'`
const sessions = (rows: string, d: number) => `select ${week("starts_at")} as w, 'sessions_' || state as s, ${d} as d from ${rows}`
const ticketsOpened = (rows: string) => `select ${week("created_at")} as w, 'tickets_opened' as s, 1 as d from ${rows}`
const ticketsClosed = (rows: string) => `select ${week("closed_at")} as w, 'tickets_closed' as s, 1 as d from ${rows} where closed and closed_at is not null`
const ticketsClosedAtUpdate = `select ${week("n.closed_at")} as w, 'tickets_closed' as s, 1 as d
   from new_rows n join old_rows o on o.id = n.id where n.closed and not o.closed and n.closed_at is not null`

/** Trigger functions: each sums its rows' deltas per (week, series); an edit that moves nothing writes nothing. */
const FUNCTIONS: Array<[name: string, body: string]> = [
  ["weekly_counts_users_insert", signups("new_rows")],
  ["weekly_counts_events_insert", approvals("new_rows")],
  ["weekly_counts_sessions_insert", sessions("new_rows", 1)],
  ["weekly_counts_sessions_delete", sessions("old_rows", -1)],
  ["weekly_counts_sessions_update", `${sessions("new_rows", 1)} union all ${sessions("old_rows", -1)}`],
  ["weekly_counts_tickets_insert", `${ticketsOpened("new_rows")} union all ${ticketsClosed("new_rows")}`],
  ["weekly_counts_tickets_update", ticketsClosedAtUpdate],
]

/** [trigger, table, event, transition tables, function] */
const TRIGGERS: Array<[string, string, string, string, string]> = [
  ["users_weekly_count_insert", "users", "insert", "new table as new_rows", "weekly_counts_users_insert"],
  ["events_weekly_count_insert", "events", "insert", "new table as new_rows", "weekly_counts_events_insert"],
  ["counselling_sessions_weekly_count_insert", "counselling_sessions", "insert", "new table as new_rows", "weekly_counts_sessions_insert"],
  ["counselling_sessions_weekly_count_delete", "counselling_sessions", "delete", "old table as old_rows", "weekly_counts_sessions_delete"],
  [
    "counselling_sessions_weekly_count_update",
    "counselling_sessions",
    "update",
    "old table as old_rows new table as new_rows",
    "weekly_counts_sessions_update",
  ],
  ["tickets_weekly_count_insert", "tickets", "insert", "new table as new_rows", "weekly_counts_tickets_insert"],
  ["tickets_weekly_count_update", "tickets", "update", "old table as old_rows new table as new_rows", "weekly_counts_tickets_update"],
]

/** A table emptied at once (a test's reset) empties its series. */
const RESETS: Array<[table: string, series: string[]]> = [
  ["users", ["signups_client", "signups_vendor"]],
  ["events", ["approvals"]],
  ["counselling_sessions", STATES.map((state) => `sessions_${state}`)],
  ["tickets", ["tickets_opened", "tickets_closed"]],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  // (week, series): a range of weeks is one index range, every series of a week side by side.
  await sql`create table weekly_counts (week date not null, series text not null, n bigint not null default 0, primary key (week, series))`.execute(db)
  for (const [fn, body] of FUNCTIONS) {
    // Rows are written in key order, so two transactions never wait on each other's rows in opposite orders.
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into weekly_counts (week, series, n)
          select w, s, sum(d) from (${sql.raw(body)}) moved group by w, s having sum(d) <> 0 order by w, s
        on conflict (week, series) do update set n = weekly_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  }
  for (const [trigger, table, event, transitions, fn] of TRIGGERS) {
    await sql`create trigger ${sql.id(trigger)} after ${sql.raw(event)} on ${sql.id(table)} referencing ${sql.raw(transitions)} for each statement execute function ${sql.raw(fn)}()`.execute(
      db,
    )
  }
  await sql`create function weekly_counts_reset() returns trigger language plpgsql as $$ begin delete from weekly_counts where series = any(TG_ARGV); return null; end $$`.execute(
    db,
  )
  for (const [table, series] of RESETS) {
    await sql`create trigger ${sql.id(`${table}_weekly_count_truncate`)} after truncate on ${sql.id(table)} for each statement execute function weekly_counts_reset(${sql.join(
      series.map((s) => sql.lit(s)),
    )})`.execute(db)
  }
  // What happened before this migration is counted once, here.
  const everything = [signups("users"), approvals("events"), sessions("counselling_sessions", 1), ticketsOpened("tickets"), ticketsClosed("tickets")].join(
    " union all ",
  )
  await sql`insert into weekly_counts (week, series, n) select w, s, sum(d) from (${sql.raw(everything)}) past group by w, s`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of RESETS) await sql`drop trigger if exists ${sql.id(`${table}_weekly_count_truncate`)} on ${sql.id(table)}`.execute(db)
  for (const [trigger, table] of TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.id(table)}`.execute(db)
  for (const fn of [...FUNCTIONS.map(([name]) => name), "weekly_counts_reset"]) await sql`drop function if exists ${sql.id(fn)}()`.execute(db)
  await sql`drop table if exists weekly_counts`.execute(db)
}
