import type { Role, VendorStatus } from "../../../src/api/contract/common.ts"
import type { PersonListItem } from "../../../src/api/contract/user.ts"
import type { Db } from "../database.ts"
import { direction, type EndPaging, likePattern, type Paging, readFromNearestEnd } from "../paging.ts"
import { countUsers } from "./counts.repository.ts"
import { cappedCount } from "./list-counts.repository.ts"
import { toPersonListItem } from "./users.repository.ts"

const listColumns = ["id", "name", "email", "number", "role", "status", "created_at", "organization_id", "organization_name"] as const

export interface PeopleFilter {
  roles: readonly Role[]
  status: VendorStatus
  organizationId?: string | undefined
  search?: string | undefined
}

/**
 * One page of people of some roles in one status, newest first, walking the
 * (role|organization, status, created_at) indexes. Without a search or organization the total
 * comes from the trigger-kept counters, and pages in the far half are read from the list's oldest
 * end (the last page costs what the first does). A search (trigram indexes, migration 0007) or an
 * organization counts under the same filter, up to a cap.
 */
export async function listPeople(db: Db, filter: PeopleFilter, page: Paging): Promise<{ rows: PersonListItem[]; total: number; capped: boolean }> {
  const search = filter.search?.trim() ?? ""
  let query = db.selectFrom("users").where("role", "in", filter.roles).where("status", "=", filter.status)
  if (filter.organizationId !== undefined) query = query.where("organization_id", "=", filter.organizationId)
  if (search !== "") {
    const pattern = likePattern(search)
    query = query.where((eb) => eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("number", "ilike", pattern)]))
  }
  const page1 = (end: EndPaging) =>
    query.select(listColumns).orderBy("created_at", direction("desc", end)).orderBy("id", direction("desc", end)).limit(end.limit).offset(end.offset).execute()
  if (search === "" && filter.organizationId === undefined) {
    const total = await countUsers(db, filter.roles, filter.status)
    const rows = await readFromNearestEnd(total, page, page1)
    return { rows: rows.map(toPersonListItem), total, capped: false }
  }
  // The count walks the same index as the page (newest first), so it never reads every person.
  const counting = query.orderBy("created_at", "desc").orderBy("id", "desc")
  const [rows, counted] = await Promise.all([page1({ reverse: false, limit: page.limit, offset: page.offset }), cappedCount(db, counting)])
  return { rows: rows.map(toPersonListItem), total: Math.max(counted.total, page.offset + rows.length), capped: counted.capped }
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
