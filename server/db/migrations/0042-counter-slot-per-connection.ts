import { type Kysely, sql } from "kysely"

/**
 * A counter slot of its own for each connection. 0038 and 0039 put every trigger-kept total in 16 slots, a
 * connection writing slot `pg_backend_pid() % 16`; but ten pooled connections share a slot more often than not
 * (all ten distinct modulo 16 by chance about one time in twenty-five), and two that share one take turns on its
 * row for as long as their transactions last: measured on PostgreSQL with 50 clients on rows of their own, the
 * write probe ran 231 req/s on one set of connections and 328 on another whose ids were all distinct modulo 16.
 * `counter_slot()` gives a connection the first slot no live connection holds (a session advisory lock, taken
 * once and kept until the connection ends) and remembers it for the connection (a session setting). Past 32
 * connections at once a connection falls back to its process id modulo 32, sharing a slot as before.
 */
const OLD_SLOT = "(pg_backend_pid() % 16)::smallint"
const NEW_SLOT = "counter_slot()"
/** The advisory lock space of counter slots: (this key, slot). */
const LOCK_SPACE = 31042
const SLOTS = 32

/** Every function of the current schema whose body names `slot`. */
async function functionsNaming(db: Kysely<unknown>, slot: string): Promise<string[]> {
  const found = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition from pg_proc p
    where p.pronamespace = current_schema()::regnamespace and p.prosrc like ${`%${slot}%`} order by p.proname`.execute(db)
  return found.rows.map((row) => row.definition)
}

async function rewrite(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  for (const definition of await functionsNaming(db, from)) await sql.raw(definition.replaceAll(from, to)).execute(db)
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function counter_slot() returns smallint language plpgsql as $$
    declare
      held text := current_setting('console.counter_slot', true);
    begin
      if held is not null and held <> '' then
        return held::smallint;
      end if;
      for slot in 0..${sql.raw(String(SLOTS - 1))} loop
        if pg_try_advisory_lock(${sql.raw(String(LOCK_SPACE))}, slot) then
          perform set_config('console.counter_slot', slot::text, false);
          return slot;
        end if;
      end loop;
      return (pg_backend_pid() % ${sql.raw(String(SLOTS))})::smallint;
    end $$`.execute(db)
  await rewrite(db, OLD_SLOT, NEW_SLOT)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, NEW_SLOT, OLD_SLOT)
  await sql`drop function counter_slot()`.execute(db)
}
