import { type SelectQueryBuilder, sql } from "kysely"
import type {
  AssignablePerson,
  AssignableRole,
  CounsellingDetails,
  CounsellingUser,
  CounsellingUserSort,
} from "../../../src/api/contract/counselling/counselling-user.ts"
import type { Db } from "../database.ts"
import { direction, type EndPaging, type Paging, readFromNearestEnd } from "../paging.ts"
import { readListCount } from "./list-counts.repository.ts"
import { listPeople } from "./people.repository.ts"

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * A clients list's order on its indexes: newest first (created_at desc, ties by id ascending, the 0003 indexes)
 * and its reverse, or by lower(name) either way with ties by id the same way (the 0034 indexes).
 */
function clientsOrder(sort: CounsellingUserSort | undefined, table: "users" | "u", end: EndPaging) {
  const way = sort === "name" || sort === "createdAt" ? "asc" : "desc"
  const byName = sort === "name" || sort === "-name"
  const column = byName ? sql`lower(${sql.ref(`${table}.name`)})` : sql.ref(`${table}.created_at`)
  const idWay = byName ? way : way === "desc" ? "asc" : "desc"
  return { column, way: direction(way, end), idWay: direction(idWay, end) }
}

/**
 * Clients (role User) without a counsellor, newest first, ties by id ascending: the order of the
 * partial index users_unassigned_idx (created_at desc, id), walked forwards or backwards without a sort;
 * the total is trigger-kept (list_counts) and the far half is read from the oldest end. By name (issue 26) it
 * walks users_unassigned_name_idx the same way. Inside Joined days (issue 26) the total is counted along the same
 * index's range.
 */
export async function listUnassignedClients(db: Db, page: Paging, sort?: CounsellingUserSort, joined: JoinedDays = {}) {
  const unassigned = db.selectFrom("users").where("role", "=", "User").where("counsellor_id", "is", null).$call(inDays("users", joined))
  const total = hasDays(joined) ? await countOf(unassigned) : await readListCount(db, "clients_unassigned")
  const rows = await readFromNearestEnd(total, page, (end) =>
    unassigned
      .select(["id", "name", "email", "number", "created_at"])
      .$call((q) => {
        const order = clientsOrder(sort, "users", end)
        return q.orderBy(order.column, order.way).orderBy("id", order.idWay)
      })
      .limit(end.limit)
      .offset(end.offset)
      .execute(),
  )
  return { rows: rows.map((r) => ({ _id: r.id, name: r.name, email: r.email, number: r.number, createdAt: iso(r.created_at) })), total }
}

/** A clients list's Joined days (issue 26): created from `from` (inclusive) and before `to`, either alone. */
export interface JoinedDays {
  from?: Date
  to?: Date
}

const hasDays = (joined: JoinedDays) => joined.from !== undefined || joined.to !== undefined

/** Keeps the rows of `table` created in the days. */
const inDays =
  (table: "users" | "u", joined: JoinedDays) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> => {
    const createdAt = sql.ref(`${table}.created_at`)
    let q = query
    if (joined.from !== undefined) q = q.where(sql<boolean>`${createdAt} >= ${joined.from}`)
    if (joined.to !== undefined) q = q.where(sql<boolean>`${createdAt} < ${joined.to}`)
    return q
  }

/** How many rows a clients query keeps, counted on the index its filters start with. */
const countOf = async <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
  Number(((await query.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow()) as { n: string }).n)

/**
 * People assigned to a counsellor, newest first, ties by id ascending (partial index users_assigned_idx); total and far half as above.
 * With `counsellorId`, only that counsellor's clients, in the same orders on the 0035 indexes (counted there too, as
 * a counsellor's clients are few beside every client); inside Joined days, counted along the index's range.
 */
export async function listCounsellingClients(
  db: Db,
  page: Paging,
  sort?: CounsellingUserSort,
  counsellorId?: string,
  joined: JoinedDays = {},
): Promise<{ rows: CounsellingUser[]; total: number }> {
  const assigned = db
    .selectFrom("users as u")
    .$call((q) => (counsellorId === undefined ? q.where("u.counsellor_id", "is not", null) : q.where("u.counsellor_id", "=", counsellorId)))
    .$call(inDays("u", joined))
  const total = counsellorId === undefined && !hasDays(joined) ? await readListCount(db, "clients_assigned") : await countOf(assigned)
  const rows = await readFromNearestEnd(total, page, (end) =>
    assigned
      .leftJoin("users as c", "c.id", "u.counsellor_id")
      .select(["u.id", "u.name", "u.email", "u.number", "u.created_at", "c.id as c_id", "c.name as c_name", "c.role as c_role"])
      .$call((q) => {
        const order = clientsOrder(sort, "u", end)
        return q.orderBy(order.column, order.way).orderBy("u.id", order.idWay)
      })
      .limit(end.limit)
      .offset(end.offset)
      .execute(),
  )
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      number: r.number,
      createdAt: iso(r.created_at),
      counsellor: r.c_id && r.c_name && r.c_role ? { _id: r.c_id, name: r.c_name, role: r.c_role } : null,
    })),
    total,
  }
}

export interface AssignableGroup {
  role: AssignableRole
  people: AssignablePerson[]
  total: number
  capped: boolean
}

/**
 * The newest `limit` approved people of each role, with how many match, through the people lists'
 * own query (listPeople): the (role, status, created_at) index and the maintained counters without
 * a search, the list-scoped search keys (migration 0009) with one. Never reads every person.
 */
export async function listAssignablePeople(db: Db, ask: { roles: readonly AssignableRole[]; search: string; limit: number }): Promise<AssignableGroup[]> {
  return Promise.all(
    ask.roles.map(async (role) => {
      const filter = { roles: [role], status: "Approve" as const, search: ask.search, searchIn: ["name", "email"] as const }
      const { rows, total, capped } = await listPeople(db, filter, { page: 1, limit: ask.limit, offset: 0 })
      return { role, people: rows.map((r) => ({ _id: r._id, name: r.name, email: r.email, role })), total, capped }
    }),
  )
}

export async function findCounsellingDetails(db: Db, userId: string): Promise<CounsellingDetails | null> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("users as c", "c.id", "u.counsellor_id")
    .select(["u.id", "u.name", "u.email", "u.role", "u.number", "c.id as c_id", "c.name as c_name", "c.role as c_role"])
    .where("u.id", "=", userId)
    .executeTakeFirst()
  if (!row) return null
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    number: row.number,
    counsellorId: row.c_id,
    counsellorName: row.c_name,
    counsellorRole: row.c_role,
  }
}

export const setCounsellor = (db: Db, userId: string, counsellorId: string, at: Date) =>
  db.updateTable("users").set({ counsellor_id: counsellorId, updated_at: at }).where("id", "=", userId).execute()
