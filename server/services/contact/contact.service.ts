import type { CreateEnquiryRequest } from "../../../src/api/contract/contact.ts"
import type { PageQuery } from "../../../src/api/contract/common.ts"
import type { Db } from "../../db/database.ts"
import { paging } from "../../db/paging.ts"
import { insertEnquiry, listEnquiries, toEnquiry } from "../../db/repositories/contact-enquiries.repository.ts"
import { recordChange } from "../audit/record-change.ts"

/** Spec section 9: the enquiries list shows 10 per page. */
const ENQUIRY_PAGE = 10

export async function fetchEnquiries(db: Db, query: PageQuery) {
  const { rows, total } = await listEnquiries(db, query.search, paging(query, ENQUIRY_PAGE))
  return { success: true, enquiry: rows, totalRecords: total }
}

/** The public contact form: the row and its event in one transaction (the counter moves by trigger). */
export async function createEnquiry(deps: { db: Db; now: () => number }, request: CreateEnquiryRequest) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertEnquiry(
      trx,
      { name: request.name, email: request.email, number: request.number, city: request.city, state: request.state, message: request.message?.trim() || null },
      new Date(deps.now()),
    )
    await recordChange(trx, { entityType: "contactEnquiry", entityId: inserted.id, type: "contactEnquiry.created", actorId: null })
    return inserted
  })
  return { success: true, message: "Thank you! We will get back to you soon.", data: toEnquiry(row) }
}
