import { vendorRoles, type VendorStatus } from "../../../src/api/contract/common.ts"
import type { PeopleCounts } from "../../../src/api/contract/dashboard/dashboard.ts"
import { listRoles } from "../../../src/api/contract/vendors/vendor.ts"
import type { Db } from "../../db/database.ts"
import { countEnquiries, readUserCounts } from "../../db/repositories/counts.repository.ts"

/** GET /dashboard/peopleCounts: two small reads of the trigger-kept counters, never a count over rows. */
export async function peopleCounts(db: Db) {
  const [counts, enquiries] = await Promise.all([readUserCounts(db), countEnquiries(db)])
  const of = (roles: readonly string[], status: VendorStatus) =>
    counts.filter((c) => roles.includes(c.role) && c.status === status).reduce((sum, c) => sum + c.n, 0)
  const active = Object.fromEntries(listRoles.map((role) => [role, of([role], "Approve")])) as PeopleCounts["active"]
  const data: PeopleCounts = {
    active,
    underReview: of(vendorRoles, "Under Review"),
    tempApprove: of(vendorRoles, "Temp Approve"),
    rejected: of(vendorRoles, "Reject"),
    enquiries,
  }
  return { success: true, data }
}
