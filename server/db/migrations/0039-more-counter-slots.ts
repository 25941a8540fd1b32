import { type Kysely, sql } from "kysely"

/**
 * The last two single-row counters in slots, as 0038 did for `list_counts` and `user_counts`: `weekly_counts`
 * (the dashboard's trends: every session booked for one week, every ticket opened in one week, wrote the same
 * (week, series) row and held it until its commit) and `contact_enquiry_count` (every contact-form post updated
 * its one row). A burst of bookings, tickets or contact posts took turns on that row whatever rows they wrote.
 * Each count now lives in 16 slots, a connection writing the slot of its backend (its process id modulo 16),
 * and every read sums the slots. Keys are still written in order within a statement, and one connection keeps one
 * slot, so two transactions never wait on each other's rows in opposite orders.
 */
const SLOT = "(pg_backend_pid() % 16)::smallint"

/** Unchanged bodies of migration 0031 (a migration never imports code that may change). */
const week = (column: string) => `date_trunc('week', ${column} at time zone 'UTC')::date`
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

const WEEKLY_FUNCTIONS: Array<[name: string, body: string]> = [
  ["weekly_counts_users_insert", signups("new_rows")],
  ["weekly_counts_events_insert", approvals("new_rows")],
  ["weekly_counts_sessions_insert", sessions("new_rows", 1)],
  ["weekly_counts_sessions_delete", sessions("old_rows", -1)],
  ["weekly_counts_sessions_update", `${sessions("new_rows", 1)} union all ${sessions("old_rows", -1)}`],
  ["weekly_counts_tickets_insert", `${ticketsOpened("new_rows")} union all ${ticketsClosed("new_rows")}`],
  ["weekly_counts_tickets_update", ticketsClosedAtUpdate],
]

/** Migration 0002's contact counter functions: one per operation (a transition table exists only in its trigger). */
const ENQUIRY_FUNCTIONS = [
  ["contact_enquiry_count_add", "", "new_rows"],
  ["contact_enquiry_count_remove", "-", "old_rows"],
] as const

async function defineFunctions(db: Kysely<unknown>, slotted: boolean): Promise<void> {
  const slotColumn = sql.raw(slotted ? ", slot" : "")
  const slotValue = sql.raw(slotted ? `, ${SLOT}` : "")
  for (const [fn, body] of WEEKLY_FUNCTIONS)
    await sql`
      create or replace function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into weekly_counts (week, series${slotColumn}, n)
          select w, s${slotValue}, sum(d) from (${sql.raw(body)}) moved group by w, s having sum(d) <> 0 order by w, s
        on conflict (week, series${slotColumn}) do update set n = weekly_counts.n + excluded.n;
        return null;
      end $$`.execute(db)
  for (const [fn, sign, rows] of ENQUIRY_FUNCTIONS)
    await sql`
      create or replace function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into contact_enquiry_count (id${slotColumn}, n) select 1${slotValue}, ${sql.raw(sign)}count(*) from ${sql.raw(rows)}
        on conflict (id${slotColumn}) do update set n = contact_enquiry_count.n + excluded.n;
        return null;
      end $$`.execute(db)
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table weekly_counts add column slot smallint not null default 0`.execute(db)
  await sql`alter table weekly_counts drop constraint weekly_counts_pkey, add primary key (week, series, slot)`.execute(db)
  await sql`alter table contact_enquiry_count add column slot smallint not null default 0`.execute(db)
  await sql`alter table contact_enquiry_count drop constraint contact_enquiry_count_pkey, add primary key (id, slot)`.execute(db)
  await defineFunctions(db, true)
}

/** Back to one row per count: each count's slots summed into one row, then the functions of 0002 and 0031. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, key] of [
    ["weekly_counts", ["week", "series"]],
    ["contact_enquiry_count", ["id"]],
  ] as const) {
    const keys = sql.raw(key.join(", "))
    await sql`create temporary table ${sql.raw(`${table}_summed`)} as select ${keys}, sum(n)::bigint as n from ${sql.raw(table)} group by ${keys}`.execute(db)
    await sql`delete from ${sql.raw(table)}`.execute(db)
    await sql`alter table ${sql.raw(table)} drop constraint ${sql.raw(`${table}_pkey`)}, drop column slot, add primary key (${keys})`.execute(db)
    await sql`insert into ${sql.raw(table)} (${keys}, n) select ${keys}, n from ${sql.raw(`${table}_summed`)}`.execute(db)
    await sql`drop table ${sql.raw(`${table}_summed`)}`.execute(db)
  }
  await defineFunctions(db, false)
}
