import { isEnquirySort, type CreateEnquiryRequest } from "../contract/contact/contact.ts"
import * as api from "../contract/contact/contact.endpoints.ts"
import { call } from "../client.ts"
import type { ListRequest } from "../vendors/vendors.api.ts"

export const fetchEnquiries = ({ page, limit, search, sort }: ListRequest & { sort?: string | undefined }) =>
  call(api.fetchEnquiry, {
    query: { page: String(page), limit: String(limit), ...(search.trim() ? { search: search.trim() } : {}), ...(isEnquirySort(sort) ? { sort } : {}) },
  })

export const createEnquiry = (enquiry: CreateEnquiryRequest) => call(api.createEnquiry, { body: enquiry })
