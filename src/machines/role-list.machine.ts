import type { ListRole } from "../api/contract/vendor.ts"
import * as vendorsApi from "../api/vendors.api.ts"
import { createPagedListMachine } from "./paged-list.machine.ts"

/** Titles, empty texts and failure texts of the role list pages, word for word from the spec (sections 2 and 8). */
export const roleListTexts: Record<ListRole, { title: string; empty: string; failure: string }> = {
  Lawyer: { title: "Lawyers", empty: "No Active Lawyer", failure: "Failed to fetch lawyers" },
  Counsellor: { title: "Counsellors", empty: "No Active counsellor", failure: "Failed to fetch Counsellor" },
  Nutritionist: { title: "Nutritionists", empty: "No Active Nutritionist", failure: "Failed to fetch Nutritionist" },
  YogaTeacher: { title: "YogaTeachers", empty: "No Active YogaTeachers", failure: "Failed to fetch YogaTeacher" },
  User: { title: "Users", empty: "No Active Users", failure: "Failed to fetch User" },
  ImageConsultant: { title: "Active ImageConsultants", empty: "No Active ImageConsultant", failure: "Failed to fetch ImageConsultant" },
}

/** Spec section 9: list pages show 10 rows. */
export const LIST_PAGE_SIZE = 10

/**
 * The paged list of one role's active people. The Active ImageConsultants list is scoped by the
 * signed-in user's organization (spec section 2); the others list every organization.
 */
export function createRoleListMachine(role: ListRole, organizationId: string | null) {
  const scope = role === "ImageConsultant" ? organizationId : null
  return createPagedListMachine({
    id: `roleList.${role}`,
    pageSize: LIST_PAGE_SIZE,
    failureMessage: roleListTexts[role].failure,
    live: "vendors",
    fetchPage: async (request) => {
      const answer = await vendorsApi.fetchRoleList(role, request, scope)
      return { rows: [...answer.data], total: answer.totalRecords, capped: answer.totalCapped === true }
    },
  })
}
