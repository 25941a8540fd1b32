import { adminNotices } from "../notifications/admin-notices.ts"
import { deliverSoon, queueNotifications, type NotifyDeps } from "../notifications/queue.ts"
import type { CounsellingEnquiryListQuery, NewCounsellingEnquiry } from "../../../src/api/contract/counselling/counselling-enquiry.ts"
import type { Db } from "../../db/database.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { insertEnquiry, listEnquiries, toCounsellingEnquiry } from "../../db/repositories/counselling-enquiries.repository.ts"
import { recordChange } from "../audit/record-change.ts"
import type { RateLimiter } from "../rate-limit.ts"
import { instantRange } from "../instant-range.ts"

export const ENQUIRY_RECEIVED = "Thank you! Your enquiry has been received. We will contact you soon."

/** The marketing site's intake: rate-limited per client address, stored with its event in one transaction. */
export async function createEnquiry(
  deps: NotifyDeps & { db: Db; now: () => number; intakeLimiter: RateLimiter },
  enquiry: NewCounsellingEnquiry,
  clientAddress: string,
) {
  deps.intakeLimiter.hit(clientAddress)
  const queued = await deps.db.transaction().execute(async (trx) => {
    const row = await insertEnquiry(trx, enquiry)
    await recordChange(trx, { entityType: "counsellingEnquiry", entityId: row.id, type: "counsellingEnquiry.created", actorId: null })
    const notices = await adminNotices(trx, {
      template: "enquiry.received.counselling",
      entity: { type: "counsellingEnquiry", id: row.id },
      fields: { enquirerName: enquiry.name, enquirerEmail: enquiry.email, link: `${deps.publicUrl}/counselling` },
    })
    return queueNotifications(trx, new Date(deps.now()), notices, deps.postman)
  })
  // The marketing site's answer never waits for the Admins' mail.
  deliverSoon(deps, queued)
  return { success: true, message: ENQUIRY_RECEIVED }
}

export async function fetchEnquiries(deps: { db: Db }, query: CounsellingEnquiryListQuery) {
  const page = paging(query, 10)
  const { rows, total } = await listEnquiries(deps.db, page, { sort: query.sort, access: query.access, ...instantRange(query) })
  return {
    success: true,
    data: { enquiry: rows.map(toCounsellingEnquiry) },
    totalRecords: total,
    totalPages: totalPages(total, page.limit),
    currentPage: page.page,
  }
}
