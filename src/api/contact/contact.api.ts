import { isEnquirySort, type CreateEnquiryRequest } from "../contract/contact/contact.ts"
import * as api from "../contract/contact/contact.endpoints.ts"
import { call } from "../client.ts"
import type { ListRequest } from "../vendors/vendors.api.ts"
import { dayQuery } from "../day-query.ts"

/** A page of All Enquiries; `from` and `to` are the Received filter's bounds as instants (`to` exclusive), "" for none. */
export const fetchEnquiries = ({ page, limit, search, sort, from = "", to = "" }: ListRequest & { sort?: string | undefined; from?: string; to?: string }) =>
  call(api.fetchEnquiry, {
    query: {
      page: String(page),
      limit: String(limit),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(isEnquirySort(sort) ? { sort } : {}),
      ...dayQuery({ from, to }),
    },
  })

export const createEnquiry = (enquiry: CreateEnquiryRequest) => call(api.createEnquiry, { body: enquiry })
