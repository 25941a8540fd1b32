import { randomUUID } from "node:crypto"
import { sql } from "kysely"
import type { Enquiry, EnquirySort } from "../../../src/api/contract/contact/contact.ts"
import type { ContactEnquiryRow } from "../contact-enquiries.table.ts"
import type { Db } from "../database.ts"
import { likePattern, nameOrDateOrder, type Paging } from "../paging.ts"
import { countEnquiries } from "./counts.repository.ts"

export interface NewEnquiry {
  name: string
  email: string
  number: string
  city: string
  state: string
  message: string | null
}

export const insertEnquiry = (db: Db, enquiry: NewEnquiry, at: Date) =>
  db
    .insertInto("contact_enquiries")
    .values({ id: randomUUID(), ...enquiry, created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow()

/** What All Enquiries is narrowed to: a search, and the moments the enquiries were sent between (`to` exclusive). */
export interface EnquiryFilter {
  search?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
}

/**
 * Newest first on the created_at index, or in `sort`'s order (a name, letter case ignored, on the lower(name) index);
 * the unfiltered total comes from the trigger-kept counter, a filtered one is counted (a date range on the created_at index).
 */
export async function listEnquiries(db: Db, filter: EnquiryFilter, page: Paging, sort?: EnquirySort): Promise<{ rows: Enquiry[]; total: number }> {
  const text = filter.search?.trim() ?? ""
  let query = db.selectFrom("contact_enquiries")
  if (text !== "") {
    const pattern = likePattern(text)
    query = query.where((eb) => eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("number", "ilike", pattern)]))
  }
  if (filter.from) query = query.where("created_at", ">=", filter.from)
  if (filter.to) query = query.where("created_at", "<", filter.to)
  const unfiltered = text === "" && !filter.from && !filter.to
  // The created_at index (migration 0002) or the lower(name) one (0027) walks it.
  const { column, way } = nameOrDateOrder(sort, { key: "name", column: "name" })
  const rows = await query.selectAll().orderBy(column, way).orderBy("id", way).limit(page.limit).offset(page.offset).execute()
  const total = unfiltered ? await countEnquiries(db) : Number((await query.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow()).n)
  return { rows: rows.map(toEnquiry), total }
}

export const toEnquiry = (row: ContactEnquiryRow): Enquiry => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  number: row.number,
  city: row.city,
  state: row.state,
  message: row.message,
  createdAt: new Date(row.created_at).toISOString(),
})
