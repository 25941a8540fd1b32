import { roleList as roleListCall } from "../../api/contract/vendors/vendors.endpoints.ts"
import { peopleListScreens, roleListName } from "../../api/contract/vendors/people-list-screens.ts"
import { peopleSorts, type ListRole } from "../../api/contract/vendors/vendor.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { dayRangeBounds, dayRangeProblem, noDays } from "../day-range.ts"

/** Spec section 9: list pages show 10 rows. */
export const LIST_PAGE_SIZE = 10

/**
 * The paged list of one role's active people. The Active ImageConsultants list is scoped by the
 * signed-in user's organization (spec section 2); the others list every organization. Narrowed to the days people
 * joined (issue 26).
 */
export function createRoleListMachine(role: ListRole, organizationId: string | null) {
  const scope = role === "ImageConsultant" ? organizationId : null
  return createPagedListMachine({
    id: `roleList.${role}`,
    pageSize: LIST_PAGE_SIZE,
    call: roleListCall,
    failureMessage: peopleListScreens[roleListName(role)].failure,
    live: "vendors",
    sorts: peopleSorts,
    filters: noDays,
    filtersProblem: dayRangeProblem,
    fetchPage: async (request) => {
      const answer = await vendorsApi.fetchRoleList(role, { ...request, ...dayRangeBounds(request.filters ?? {}) }, scope)
      return { rows: [...answer.data], total: answer.totalRecords, capped: answer.totalCapped === true }
    },
  })
}
