import { lazy, type ComponentType, type LazyExoticComponent } from "react"
import type { Access } from "../../api/contract/endpoint.ts"
import { vendorRoles } from "../../api/contract/common.ts"
import { fetchCounsellingEnquiries } from "../../api/contract/endpoints/counselling-enquiry.endpoints.ts"
import { fetchSessions } from "../../api/contract/endpoints/counselling-sessions.endpoints.ts"
import { fetchCounsellingDetails, fetchCounsellingUsers, fetchUnassignedUsers } from "../../api/contract/endpoints/counselling-users.endpoints.ts"

export interface RouteDef {
  path: string
  title: string
  access: Access
  /** Pages render inside the layout unless they are the sign-in screens. */
  bare?: boolean
  page: LazyExoticComponent<ComponentType<{ params: Record<string, string | undefined> }>>
}

const notBuilt = (title: string) =>
  lazy(async () => {
    const { notBuiltPage } = await import("../pages/not-built.page.tsx")
    return { default: notBuiltPage(title) }
  })

const admin = ["Admin"] as const
const content = ["Admin", "Editor"] as const
const sessionsReaders = ["User", ...vendorRoles] as const

/**
 * Every route of the spec's route list with who may open it. Access mirrors the contract's rule
 * for the calls the page makes; pages still to be built say so plainly.
 */
export const routes: RouteDef[] = [
  { path: "/login", title: "Login", access: "public", bare: true, page: lazy(() => import("../pages/login.page.tsx")) },
  { path: "/reset-password/:token", title: "Reset Password", access: "public", bare: true, page: lazy(() => import("../pages/reset-password.page.tsx")) },
  { path: "/", title: "Dashboard", access: "signedIn", page: lazy(() => import("../pages/dashboard/dashboard.page.tsx")) },
  { path: "/lawyer", title: "Lawyers", access: admin, page: notBuilt("Lawyers") },
  { path: "/counsellor", title: "Counsellors", access: admin, page: notBuilt("Counsellors") },
  { path: "/nutritionist", title: "Nutritionists", access: admin, page: notBuilt("Nutritionists") },
  { path: "/yogateacher", title: "YogaTeachers", access: admin, page: notBuilt("YogaTeachers") },
  { path: "/imageconsultant", title: "Active ImageConsultants", access: admin, page: notBuilt("Active ImageConsultants") },
  { path: "/user", title: "Users", access: admin, page: notBuilt("Users") },
  { path: "/enquiries", title: "All Enquiries", access: admin, page: notBuilt("All Enquiries") },
  { path: "/under-review-vendors", title: "Under Review", access: admin, page: notBuilt("Under Review") },
  { path: "/temp-approve-vendors", title: "Temp Approve", access: admin, page: notBuilt("Temp Approve") },
  { path: "/rejected-vendors", title: "Rejected", access: admin, page: notBuilt("Rejected") },
  { path: "/vendor-details/:userId", title: "Vendor Details", access: admin, page: notBuilt("Vendor Details") },
  { path: "/counselling", title: "1:1 Counselling", access: fetchCounsellingEnquiries.access, page: lazy(() => import("../pages/counselling.page.tsx")) },
  { path: "/all-sessions", title: "All Sessions", access: fetchSessions.access, page: lazy(() => import("../pages/all-sessions.page.tsx")) },
  { path: "/unassign-users", title: "Unassign Users", access: fetchUnassignedUsers.access, page: lazy(() => import("../pages/unassign-users.page.tsx")) },
  { path: "/counselling-users", title: "Counselling Users", access: fetchCounsellingUsers.access, page: lazy(() => import("../pages/counselling-users.page.tsx")) },
  { path: "/counselling/:userId", title: "Counselling Sessions", access: fetchCounsellingDetails.access, page: lazy(() => import("../pages/counselling-sessions.page.tsx")) },
  { path: "/my-listing", title: "My Listing", access: vendorRoles, page: notBuilt("My Listing") },
  { path: "/upcoming-session", title: "Upcoming Session", access: sessionsReaders, page: lazy(() => import("../pages/upcoming-session.page.tsx")) },
  { path: "/session-history", title: "Session History", access: sessionsReaders, page: lazy(() => import("../pages/session-history.page.tsx")) },
  { path: "/transaction-history", title: "Transaction History", access: "signedIn", page: notBuilt("Transaction History") },
  { path: "/my-tickets", title: "My Tickets", access: "signedIn", page: notBuilt("My Tickets") },
  { path: "/ticket/:queryId", title: "Ticket Details", access: "signedIn", page: notBuilt("Ticket Details") },
  { path: "/upcoming-counselling", title: "Upcoming Counselling", access: "signedIn", page: notBuilt("Upcoming Counselling") },
  { path: "/my-plan", title: "My Plans", access: "signedIn", page: notBuilt("My Plans") },
  { path: "/wallet-history", title: "Wallet History", access: "signedIn", page: notBuilt("Wallet History") },
  { path: "/profile", title: "Profile", access: "signedIn", page: notBuilt("Profile") },
  { path: "/blogs", title: "Blogs", access: content, page: notBuilt("Blogs") },
  { path: "/add-blog", title: "Add Blog", access: content, page: notBuilt("Add Blog") },
  { path: "/blog/:blogId", title: "Update Blog", access: content, page: notBuilt("Update Blog") },
  { path: "/gallery", title: "Gallery", access: content, page: notBuilt("Gallery") },
  { path: "/testimonials", title: "Testimonials", access: content, page: notBuilt("Testimonials") },
  { path: "/experts", title: "Experts", access: content, page: notBuilt("Experts") },
  { path: "/editor", title: "Editor", access: admin, page: notBuilt("Editor") },
  { path: "/press-release-and-recognition", title: "Press Release & Recognition", access: content, page: notBuilt("Press Release & Recognition") },
]
