import { sql } from "kysely"
import type { Db } from "../database.ts"

/** An index the load went without, and the statement that makes it again. */
interface DeferredIndex {
  table: string
  name: string
  definition: string
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then builds each again in one pass. Keeping
 * sixteen indexes of `users` (the GIN search keys among them) up to date row by row cost most of the scale
 * seed's time, and more per row as the indexes outgrew the buffer cache: a person cost 0.39 ms at 100,000 and
 * the sessions and events of a million took 2.5 times longer per row than of 100,000. One sorted build per index
 * costs a fraction of that and leaves the GIN index without a pending list.
 *
 * Indexes behind a constraint (primary keys, unique and exclusion constraints) stay: the foreign keys of the
 * rows being loaded are checked against them. A unique index without a constraint (`users_email_key`) is
 * dropped like the others, and its build afterwards checks the loaded rows' uniqueness all at once.
 * The indexes are built again when the load fails too; a process killed in between leaves them missing, like
 * the half-seeded data beside them, which the scale seed refuses to seed over (start from an empty database).
 */
export async function withIndexesDeferred<T>(
  db: Db,
  tables: readonly string[],
  load: () => Promise<T>,
  options: {
    /** Indexes of those tables the load itself reads. */
    keep?: readonly string[]
    /** Called as each build begins (`ms` null) and ends (its milliseconds). */
    onIndex?: (index: string, ms: number | null) => void
  } = {},
): Promise<T> {
  const deferrable = (await secondaryIndexes(db, tables)).filter((index) => !options.keep?.includes(index.name))
  // Only what was dropped is built again, should a drop fail half-way.
  const dropped: DeferredIndex[] = []
  let result: T
  try {
    for (const index of deferrable) {
      await sql`drop index ${sql.ref(index.name)}`.execute(db)
      dropped.push(index)
    }
    result = await load()
  } finally {
    for (const index of dropped) {
      options.onIndex?.(index.name, null)
      const begun = performance.now()
      await db.transaction().execute(async (trx) => {
        // Fewer runs on disk than with the default 64 MB; small enough for the embedded database's memory too.
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx)
        await sql.raw(index.definition).execute(trx)
      })
      options.onIndex?.(index.name, performance.now() - begun)
    }
  }
  return result
}

async function secondaryIndexes(db: Db, tables: readonly string[]): Promise<DeferredIndex[]> {
  const { rows } = await sql<DeferredIndex>`
    select i.tablename as "table", i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename = any(${[...tables]}::text[])
      and not exists (
        select 1 from pg_constraint c
        where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
      )
    order by i.tablename, i.indexname`.execute(db)
  return rows
}
