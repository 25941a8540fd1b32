import { randomUUID } from "node:crypto"
import type {
  AccessFilter,
  CounsellingEnquiry,
  CounsellingEnquirySort,
  NewCounsellingEnquiry,
} from "../../../src/api/contract/counselling/counselling-enquiry.ts"
import type { CounsellingEnquiryRow } from "../counselling-enquiries.table.ts"
import type { Db } from "../database.ts"
import { nameOrDateOrder, type Paging } from "../paging.ts"

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

/** The one row-to-contract mapper for counselling enquiries. */
export function toCounsellingEnquiry(row: CounsellingEnquiryRow): CounsellingEnquiry {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    number: row.number,
    age: row.age,
    question1: row.question1,
    otherQuestion1: row.other_question1,
    question2: row.question2,
    otherQuestion2: row.other_question2,
    dateTime: iso(row.date_time),
    createdAt: iso(row.created_at)!,
    isAccessSend: row.is_access_send,
  }
}

export const insertEnquiry = (db: Db, enquiry: NewCounsellingEnquiry) =>
  db
    .insertInto("counselling_enquiries")
    .values({
      id: randomUUID(),
      name: enquiry.name,
      email: enquiry.email,
      number: enquiry.number,
      age: enquiry.age,
      question1: enquiry.question1,
      other_question1: enquiry.otherQuestion1 || null,
      question2: enquiry.question2,
      other_question2: enquiry.otherQuestion2 || null,
      date_time: new Date(enquiry.dateTime),
    })
    .returningAll()
    .executeTakeFirstOrThrow()

/**
 * Newest first (index counselling_enquiries_created_idx), or in `sort`'s order (a name on the lower(name) index of
 * migration 0030); `access` keeps the enquiries whose client was sent access ("sent") or not yet ("waiting"), `from` and
 * `to` those received in the days (issue 26; `to` exclusive), along the created_at index.
 */
export async function listEnquiries(
  db: Db,
  page: Paging,
  options: { sort?: CounsellingEnquirySort | undefined; access?: AccessFilter | undefined; from?: Date; to?: Date } = {},
): Promise<{ rows: CounsellingEnquiryRow[]; total: number }> {
  let query = db.selectFrom("counselling_enquiries")
  if (options.access !== undefined) query = query.where("is_access_send", "=", options.access === "sent")
  if (options.from !== undefined) query = query.where("created_at", ">=", options.from)
  if (options.to !== undefined) query = query.where("created_at", "<", options.to)
  const { column, way } = nameOrDateOrder(options.sort, { key: "name", column: "name" })
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(column, way).orderBy("id", way).limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Locks the enquiry for the rest of the transaction, so two sends of the same enquiry run one after the other. */
export const lockEnquiry = (db: Db, id: string) => db.selectFrom("counselling_enquiries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

export const markAccessSent = (db: Db, id: string, userId: string, at: Date) =>
  db.updateTable("counselling_enquiries").set({ is_access_send: true, user_id: userId, updated_at: at }).where("id", "=", id).execute()

/** Each client's latest enquiry, for the Unassign Users View modal (index counselling_enquiries_user_idx). */
export async function latestEnquiriesOf(db: Db, userIds: readonly string[]): Promise<Map<string, CounsellingEnquiryRow>> {
  if (userIds.length === 0) return new Map()
  const rows = await db.selectFrom("counselling_enquiries").selectAll().where("user_id", "in", userIds).orderBy("created_at", "asc").execute()
  return new Map(rows.map((row) => [row.user_id!, row]))
}

/** The client's latest enquiry: its age becomes the session's booking age. */
export const latestEnquiryOf = async (db: Db, userId: string) => (await latestEnquiriesOf(db, [userId])).get(userId) ?? null
