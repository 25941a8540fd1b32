import { isAccessFilter, isCounsellingEnquirySort, type CounsellingEnquiry } from "../contract/counselling/counselling-enquiry.ts"
import * as api from "../contract/counselling/counselling-enquiry.endpoints.ts"
import { call } from "../client.ts"
import { dayQuery } from "../day-query.ts"

/** One page of rows and the total, as paged lists take them. */
export interface RowsPage<Row> {
  rows: Row[]
  total: number
}

export interface PageAsk {
  page: number
  limit: number
}

/** A page in the list's order (the list's sort key, as its machine holds it; none for the list's own order). */
export interface SortedPageAsk extends PageAsk {
  sort?: string | undefined
}

/** 1:1 counselling enquiries: newest first or in the list's order, only those sent access or still waiting with the Access filter. */
export async function fetchEnquiryPage(ask: SortedPageAsk & { filters?: Record<string, string> }): Promise<RowsPage<CounsellingEnquiry>> {
  const { access, from, to } = ask.filters ?? {}
  const query = {
    page: String(ask.page),
    limit: String(ask.limit),
    ...(isCounsellingEnquirySort(ask.sort) ? { sort: ask.sort } : {}),
    ...(isAccessFilter(access) ? { access } : {}),
    ...dayQuery({ from, to }),
  }
  const answer = await call(api.fetchCounsellingEnquiries, { query })
  return { rows: [...answer.data.enquiry], total: answer.totalRecords }
}

/** Sends the enquiry's client a set-password link; the server makes (or reuses) the account. */
export const sendUserLoginAccess = (enquiry: Pick<CounsellingEnquiry, "_id" | "name" | "email" | "number">) =>
  call(api.sendUserLoginAccess, { body: { enquiryId: enquiry._id, name: enquiry.name, email: enquiry.email, number: enquiry.number } })
