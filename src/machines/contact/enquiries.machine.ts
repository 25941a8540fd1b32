import * as contactApi from "../../api/contact/contact.api.ts"
import { fetchEnquiry } from "../../api/contract/contact/contact.endpoints.ts"
import { enquiryListScreen } from "../../api/contract/contact/enquiry-list-screen.ts"
import { enquirySorts } from "../../api/contract/contact/contact.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { LIST_PAGE_SIZE } from "../vendors/role-list.machine.ts"
import { dayRangeBounds, dayRangeProblem, noDays } from "../day-range.ts"

/** All Enquiries (spec section 2): contact enquiries, 10 per page, with total records; sorted by name or date, narrowed to the days received (issue 26). */
export const enquiriesMachine = createPagedListMachine({
  id: "enquiries",
  pageSize: LIST_PAGE_SIZE,
  call: fetchEnquiry,
  failureMessage: enquiryListScreen.failure,
  live: "enquiries",
  sorts: enquirySorts,
  filters: noDays,
  filtersProblem: dayRangeProblem,
  fetchPage: async (request) => {
    const answer = await contactApi.fetchEnquiries({ ...request, ...dayRangeBounds(request.filters ?? {}) })
    return { rows: [...answer.enquiry], total: answer.totalRecords }
  },
})
