import { sql } from "kysely"
import type { Role, VendorStatus } from "../../../src/api/contract/common.ts"
import type { PersonListItem } from "../../../src/api/contract/user.ts"
import type { Db } from "../database.ts"
import { likePattern, type Paging } from "../paging.ts"
import { countUsers } from "./counts.repository.ts"
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
 * comes from the trigger-kept counters; with one it is counted under the same filter.
 */
export async function listPeople(db: Db, filter: PeopleFilter, page: Paging): Promise<{ rows: PersonListItem[]; total: number }> {
  const search = filter.search?.trim() ?? ""
  let query = db.selectFrom("users").where("role", "in", filter.roles).where("status", "=", filter.status)
  if (filter.organizationId !== undefined) query = query.where("organization_id", "=", filter.organizationId)
  if (search !== "") {
    const pattern = likePattern(search)
    query = query.where((eb) => eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("number", "ilike", pattern)]))
  }
  const rows = await query.select(listColumns).orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute()
  const total =
    search === "" && filter.organizationId === undefined
      ? await countUsers(db, filter.roles, filter.status)
      : Number((await query.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow()).n)
  return { rows: rows.map(toPersonListItem), total }
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
