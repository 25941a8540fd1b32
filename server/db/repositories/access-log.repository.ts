import type { Insertable } from "kysely"
import type { AccessKind } from "../../../src/api/contract/audit/access-log.ts"
import type { AccessLogTable } from "../access-log.table.ts"
import type { Db } from "../database.ts"

/** Counted up to this many: a flood of refusals must not make the log's own page slow to open. */
export const ACCESS_COUNT_CAP = 10_000

export async function insertAccessEntry(db: Db, entry: Insertable<AccessLogTable>): Promise<void> {
  await db.insertInto("access_log").values(entry).execute()
}

/** A page of the log, newest first, with its actor's name and e-mail as they are now. */
export async function listAccessEntries(db: Db, filter: { kind?: AccessKind | undefined }, page: { offset: number; limit: number }) {
  let rows = db
    .selectFrom("access_log")
    .leftJoin("users", "users.id", "access_log.actor_id")
    .select([
      "access_log.id",
      "access_log.at",
      "access_log.kind",
      "access_log.actor_id",
      "access_log.actor_role",
      "access_log.email",
      "access_log.method",
      "access_log.path",
      "access_log.operation",
      "access_log.status",
      "access_log.detail",
      "access_log.ip",
      "access_log.request_id",
      "users.name as actor_name",
      "users.email as actor_email",
    ])
  let counted = db.selectFrom("access_log").select("access_log.id")
  if (filter.kind) {
    rows = rows.where("access_log.kind", "=", filter.kind)
    counted = counted.where("access_log.kind", "=", filter.kind)
  }
  const [found, count] = await Promise.all([
    rows.orderBy("access_log.id", "desc").offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom(counted.limit(ACCESS_COUNT_CAP + 1).as("c"))
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ])
  // The page and the count are read side by side while entries keep arriving (each refused call writes one
  // after its answer): one that lands between them must not leave a total below what the page shows.
  return { rows: found, total: Math.max(Number(count.n), page.offset + found.length) }
}
