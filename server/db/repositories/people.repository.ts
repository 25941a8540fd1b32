import type { Role, VendorStatus } from "../../../src/api/contract/common.ts"
import type { PersonListItem } from "../../../src/api/contract/account/user.ts"
import type { PeopleSort } from "../../../src/api/contract/vendors/vendor.ts"
import type { Database, Db } from "../database.ts"
import { type SelectQueryBuilder, sql } from "kysely"
import { direction, type EndPaging, likePattern, type ListOrder, nameOrDateOrder, type Paging, readFromNearestEnd, SEARCH_COUNT_CAP } from "../paging.ts"
import { compiledOnce } from "../compiled-once.ts"
import { countUsers } from "./counts.repository.ts"
import { cappedCount } from "./list-counts.repository.ts"
import { toPersonListItem } from "./users.repository.ts"

const listColumns = ["id", "name", "email", "number", "role", "status", "created_at", "organization_id", "organization_name", "profile_change_pending"] as const

export interface PeopleFilter {
  roles: readonly Role[]
  status: VendorStatus
  organizationId?: string | undefined
  search?: string | undefined
  /** Where a search looks; every one of them unless told. */
  searchIn?: readonly SearchField[] | undefined
  /** The list's order; newest first unless told. */
  sort?: PeopleSort | undefined
  /** The Joined days (issue 26): people created from `from` (inclusive) and before `to`, either alone. */
  joined?: { from?: Date; to?: Date } | undefined
}

/** Orders a query of users (or of rows with their columns) by the list's order (migration 0025's indexes for names), read from `end`. */
function inOrder<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, order: ListOrder, end: EndPaging | null = null) {
  // Read from the far end (`EndPaging.reverse`), the column and id both turn round.
  const way = end ? direction(order.way, end) : order.way
  return query.orderBy(order.column, way).orderBy(sql.ref("id"), way)
}

export type SearchField = "name" | "email" | "number"

/**
 * One page of people of some roles in one status, newest first (or in the list's order), walking the
 * (role|organization, status, created_at) indexes, or the (role, status, name) ones for names. Without a search,
 * organization or Joined days the total comes from the trigger-kept counters, and pages in the far half are read from
 * the list's oldest end (the last page costs what the first does); page 1, the one every visit opens, reads its rows
 * and its total in one statement. A search (the list-scoped keys of migration 0009), an organization or Joined days
 * count under the same filter, up to a cap (see searchPeople). The tables it reads are declared in
 * the people lists' definition (peopleListTables), which keeps its cached answers.
 */
export async function listPeople(db: Db, filter: PeopleFilter, page: Paging): Promise<{ rows: PersonListItem[]; total: number; capped: boolean }> {
  const search = filter.search?.trim() ?? ""
  const order = nameOrDateOrder(filter.sort, { key: "name", column: "name" })
  const { from, to } = filter.joined ?? {}
  const unfiltered = search === "" && filter.organizationId === undefined && from === undefined && to === undefined
  // Page 1 of an unfiltered list, the page every visit opens, has its SQL made already: no builder for it.
  if (unfiltered && page.offset === 0) return firstPageWithTotal(db, filter, order, page.limit)
  let query = db.selectFrom("users").where("role", "in", filter.roles).where("status", "=", filter.status)
  if (filter.organizationId !== undefined) query = query.where("organization_id", "=", filter.organizationId)
  if (from !== undefined) query = query.where("created_at", ">=", from)
  if (to !== undefined) query = query.where("created_at", "<", to)
  if (search !== "") {
    // The term's keys narrow the list first (users_search_keys_idx, migrations 0009, 0040, 0041 and 0043): one index scan
    // of this list's postings. The ILIKE filter then decides.
    query = query.where(hasSearchKeys(filter.roles, filter.status, search))
    const pattern = likePattern(search)
    // An email address has no white space (the contract's Email refuses it), so a term with a space
    // can only be in a name or a number.
    const fields = filter.searchIn ?? (["name", "email", "number"] as const)
    const columns = /\s/.test(search) ? fields.filter((field) => field !== "email") : fields
    query = query.where((eb) => eb.or(columns.map((column) => eb(column, "ilike", pattern))))
  }
  const page1 = (end: EndPaging) => inOrder(query.select(listColumns), order, end).limit(end.limit).offset(end.offset).execute()
  if (unfiltered) {
    const total = await countUsers(db, filter.roles, filter.status)
    const rows = await readFromNearestEnd(total, page, page1)
    return { rows: rows.map(toPersonListItem), total, capped: false }
  }
  if (search !== "") return searchPeople(db, query, order, page, page1)
  // An organization's list or some Joined days: the count walks the same index as the page (newest first, inside
  // the days), so it never reads every person.
  const counting = query.orderBy("created_at", "desc").orderBy("id", "desc")
  const [rows, counted] = await Promise.all([page1({ reverse: false, limit: page.limit, offset: page.offset }), cappedCount(db, counting)])
  return { rows: rows.map(toPersonListItem), total: Math.max(counted.total, page.offset + rows.length), capped: counted.capped }
}

/**
 * Page 1 of an unfiltered list: the counters' total and the newest rows in one round trip (the
 * total rides on every row; a lateral join keeps it when the list is empty). The page every visit opens, so its
 * SQL is compiled once per order and number of roles (compiled-once.ts).
 */
async function firstPageWithTotal(db: Db, filter: PeopleFilter, order: ListOrder, limit: number) {
  const rows = await firstPageQuery(db, { sort: filter.sort, order }, [filter.status, limit, ...filter.roles])
  const total = Number(rows[0]?.total ?? 0)
  const people = rows.flatMap((r) => (r.id === null ? [] : [toPersonListItem(r as ListRow)]))
  return { rows: people, total, capped: false }
}

const firstPageQuery = compiledOnce(
  // The order follows from the sort alone.
  (shape: { sort: PeopleSort | undefined; order: ListOrder }) => shape.sort ?? "",
  (db, { order }, [status, limit, ...roles]: readonly [VendorStatus, number, ...Role[]]) => {
    const counted = db
      .selectFrom("user_counts")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("n"), sql<string>`0`).as("total"))
      .where("role", "in", roles)
      .where("status", "=", status)
      .as("counted")
    const people = db.selectFrom("users").where("role", "in", roles).where("status", "=", status)
    return db
      .selectFrom(counted)
      .leftJoinLateral(
        () => inOrder(people.select(listColumns), order).limit(limit).as("people"),
        (join) => join.onTrue(),
      )
      .selectAll("people")
      .select("counted.total")
  },
)

type ListRow = Parameters<typeof toPersonListItem>[0]

/**
 * The person's keys hold every key of the term in one of the listed roles (in `status`): written as the
 * index's expression, so the planner reads users_search_keys_idx, once per role (a bitmap OR).
 */
function hasSearchKeys(roles: readonly Role[], status: VendorStatus, term: string) {
  const keys = sql`people_search_keys(role, status, name, email, number)`
  // Immutable with bound values: the planner computes the term's keys once, as a constant it can estimate.
  const ofTerm = (role: Role) => sql`search_grams(${`${role}:${status}:`}, lower(${term}))`
  return sql<boolean>`(${sql.join(
    roles.map((role) => sql`${keys} @> ${ofTerm(role)}`),
    sql` or `,
  )})`
}

/**
 * A search scans its keys' index once: up to cap + 1 matches (bitmap scans, any order) are
 * kept, counted, sorted in the list's order and paged in the same statement. Only when more than the cap
 * match is the page read again in index order, which is then cheap: matches are common.
 */
async function searchPeople(db: Db, query: PeopleQuery, order: ListOrder, page: Paging, ordered: (end: EndPaging) => Promise<ListRow[]>) {
  const matches = db
    .with("matches", () => query.select(listColumns).limit(SEARCH_COUNT_CAP + 1))
    .selectFrom("matches")
    .selectAll()
    .select((eb) => eb.selectFrom("matches").select(eb.fn.countAll<string>().as("n")).as("matched"))
  const rows = await inOrder(matches, order).limit(page.limit).offset(page.offset).execute()
  const matched = rows.length > 0 ? Number(rows[0]!.matched) : await countMatches(db, query)
  if (matched > SEARCH_COUNT_CAP) {
    const newest = await ordered({ reverse: false, limit: page.limit, offset: page.offset })
    return { rows: newest.map(toPersonListItem), total: SEARCH_COUNT_CAP, capped: true }
  }
  return { rows: rows.map((r) => toPersonListItem(r as ListRow)), total: matched, capped: false }
}

type PeopleQuery = SelectQueryBuilder<Database, "users", object>

/** A page past the last match has no row to carry the count: count on its own (capped). */
async function countMatches(db: Db, query: PeopleQuery): Promise<number> {
  const counted = await cappedCount(db, query)
  return counted.capped ? SEARCH_COUNT_CAP + 1 : counted.total
}

/** Reads a user and locks the row until the transaction ends, so two status changes cannot interleave. */
export const lockUser = (db: Db, id: string) => db.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

export const setUserStatus = (db: Db, id: string, status: VendorStatus, at: Date) =>
  db
    .updateTable("users")
    .set((eb) => ({ status, updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()
