import type { CounsellingEnquiry } from "../contract/counselling/counselling-enquiry.ts"
import * as api from "../contract/counselling/counselling-enquiry.endpoints.ts"
import { call } from "../client.ts"

/** One page of rows and the total, as paged lists take them. */
export interface RowsPage<Row> {
  rows: Row[]
  total: number
}

export interface PageAsk {
  page: number
  limit: number
}

export async function fetchEnquiryPage(ask: PageAsk): Promise<RowsPage<CounsellingEnquiry>> {
  const answer = await call(api.fetchCounsellingEnquiries, { query: { page: String(ask.page), limit: String(ask.limit) } })
  return { rows: [...answer.data.enquiry], total: answer.totalRecords }
}

/** Sends the enquiry's client a set-password link; the server makes (or reuses) the account. */
export const sendUserLoginAccess = (enquiry: Pick<CounsellingEnquiry, "_id" | "name" | "email" | "number">) =>
  call(api.sendUserLoginAccess, { body: { enquiryId: enquiry._id, name: enquiry.name, email: enquiry.email, number: enquiry.number } })
