import { adminNotices } from "../notifications/admin-notices.ts"
import { deliverSoon, NOTHING_QUEUED, queueNotifications, type NotifyDeps } from "../notifications/queue.ts"
import type { CreateEnquiryRequest, EnquirySort } from "../../../src/api/contract/contact/contact.ts"
import type { PageQuery } from "../../../src/api/contract/common.ts"
import type { Db } from "../../db/database.ts"
import { paging } from "../../db/paging.ts"
import { insertEnquiry, listEnquiries, toEnquiry } from "../../db/repositories/contact-enquiries.repository.ts"
import { recordChange } from "../audit/record-change.ts"
import { instantRange } from "../instant-range.ts"

/** Spec section 9: the enquiries list shows 10 per page. */
const ENQUIRY_PAGE = 10

export async function fetchEnquiries(db: Db, query: PageQuery & { sort?: EnquirySort | undefined; from?: string | undefined; to?: string | undefined }) {
  const { rows, total } = await listEnquiries(db, { search: query.search, ...instantRange(query) }, paging(query, ENQUIRY_PAGE), query.sort)
  return { success: true, enquiry: rows, totalRecords: total }
}

/** The public contact form: the row and its event in one transaction (the counter moves by trigger). */
export async function createEnquiry(deps: NotifyDeps & { db: Db; now: () => number }, request: CreateEnquiryRequest) {
  let queued = NOTHING_QUEUED
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertEnquiry(
      trx,
      { name: request.name, email: request.email, number: request.number, city: request.city, state: request.state, message: request.message?.trim() || null },
      new Date(deps.now()),
    )
    await recordChange(trx, { entityType: "contactEnquiry", entityId: inserted.id, type: "contactEnquiry.created", actorId: null })
    const notices = await adminNotices(trx, {
      template: "enquiry.received.contact",
      entity: { type: "contactEnquiry", id: inserted.id },
      fields: {
        enquirerName: inserted.name,
        from: `${inserted.name} (${inserted.email}, ${inserted.number}), ${inserted.city}, ${inserted.state}`,
        messageLine: inserted.message ? `Message: ${inserted.message}` : "",
        link: `${deps.publicUrl}/enquiries`,
      },
    })
    queued = await queueNotifications(trx, new Date(deps.now()), notices, deps.postman)
    return inserted
  })
  // The public form's answer never waits for the Admins' mail.
  deliverSoon(deps, queued)
  return { success: true, message: "Thank you! We will get back to you soon.", data: toEnquiry(row) }
}
