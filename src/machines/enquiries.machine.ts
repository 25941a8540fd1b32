import * as contactApi from "../api/contact.api.ts"
import { createPagedListMachine } from "./paged-list.machine.ts"
import { LIST_PAGE_SIZE } from "./vendors/role-list.machine.ts"

export const ENQUIRIES_EMPTY = "No enquiries found."

/** All Enquiries (spec section 2): contact enquiries, 10 per page, with total records. */
export const enquiriesMachine = createPagedListMachine({
  id: "enquiries",
  pageSize: LIST_PAGE_SIZE,
  failureMessage: "Failed to fetch Enquiries",
  live: "enquiries",
  fetchPage: async (request) => {
    const answer = await contactApi.fetchEnquiries(request)
    return { rows: [...answer.enquiry], total: answer.totalRecords }
  },
})
