import { type Kysely, sql } from "kysely"

/**
 * My Tickets filtered by Open or Closed (issue 26). The Admin's list holds every ticket: its total per state
 * comes from a trigger-kept count of closed tickets (open = all - closed, both in list_counts), and its pages
 * walk a (closed, created_at, id) index from either end like the unfiltered list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists tickets_closed_created_idx on tickets (closed, created_at desc, id desc)`.execute(db)
  await sql`
    create function tickets_closed_count_move() returns trigger language plpgsql as $$
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
  await sql`create trigger tickets_closed_count_insert after insert on tickets referencing new table as new_rows for each statement execute function tickets_closed_count_move()`.execute(
    db,
  )
  await sql`create trigger tickets_closed_count_delete after delete on tickets referencing old table as old_rows for each statement execute function tickets_closed_count_move()`.execute(
    db,
  )
  await sql`create trigger tickets_closed_count_update after update on tickets referencing old table as old_rows new table as new_rows for each statement execute function tickets_closed_count_move()`.execute(
    db,
  )
  await sql`create trigger tickets_closed_count_truncate after truncate on tickets for each statement execute function list_counts_reset('tickets_closed')`.execute(
    db,
  )
  // Tickets closed before this migration are counted once, here.
  await sql`insert into list_counts (name, n) select 'tickets_closed', count(*) from tickets where closed having count(*) > 0`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const suffix of ["insert", "delete", "update", "truncate"])
    await sql`drop trigger if exists ${sql.id(`tickets_closed_count_${suffix}`)} on tickets`.execute(db)
  await sql`drop function if exists tickets_closed_count_move()`.execute(db)
  await sql`delete from list_counts where name = 'tickets_closed'`.execute(db)
  await sql`drop index if exists tickets_closed_created_idx`.execute(db)
}
