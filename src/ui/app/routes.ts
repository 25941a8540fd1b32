import { lazy, type ComponentType, type LazyExoticComponent } from "react"
import type { Access } from "../../api/contract/endpoint.ts"
import { vendorRoles } from "../../api/contract/common.ts"
import { fetchEnquiry } from "../../api/contract/endpoints/contact.endpoints.ts"
import { reviewList, roleList, vendorDetails } from "../../api/contract/endpoints/vendors.endpoints.ts"

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
  { path: "/lawyer", title: "Lawyers", access: roleList.access, page: lazy(() => import("../pages/people/lawyer.page.tsx")) },
  { path: "/counsellor", title: "Counsellors", access: roleList.access, page: lazy(() => import("../pages/people/counsellor.page.tsx")) },
  { path: "/nutritionist", title: "Nutritionists", access: roleList.access, page: lazy(() => import("../pages/people/nutritionist.page.tsx")) },
  { path: "/yogateacher", title: "YogaTeachers", access: roleList.access, page: lazy(() => import("../pages/people/yogateacher.page.tsx")) },
  { path: "/imageconsultant", title: "Active ImageConsultants", access: roleList.access, page: lazy(() => import("../pages/people/imageconsultant.page.tsx")) },
  { path: "/user", title: "Users", access: roleList.access, page: lazy(() => import("../pages/people/user.page.tsx")) },
  { path: "/enquiries", title: "All Enquiries", access: fetchEnquiry.access, page: lazy(() => import("../pages/enquiries.page.tsx")) },
  { path: "/under-review-vendors", title: "Under Review", access: reviewList.access, page: lazy(() => import("../pages/people/under-review-vendors.page.tsx")) },
  { path: "/temp-approve-vendors", title: "Temp Approve", access: reviewList.access, page: lazy(() => import("../pages/people/temp-approve-vendors.page.tsx")) },
  { path: "/rejected-vendors", title: "Rejected", access: reviewList.access, page: lazy(() => import("../pages/people/rejected-vendors.page.tsx")) },
  { path: "/vendor-details/:userId", title: "Vendor Details", access: vendorDetails.access, page: lazy(() => import("../pages/vendor-details/vendor-details.page.tsx")) },
  { path: "/counselling", title: "1:1 Counselling", access: admin, page: notBuilt("1:1 Counselling") },
  { path: "/all-sessions", title: "All Sessions", access: admin, page: notBuilt("All Sessions") },
  { path: "/unassign-users", title: "Unassign Users", access: admin, page: notBuilt("Unassign Users") },
  { path: "/counselling-users", title: "Counselling Users", access: admin, page: notBuilt("Counselling Users") },
  { path: "/counselling/:userId", title: "Counselling Sessions", access: admin, page: notBuilt("Counselling Sessions") },
  { path: "/my-listing", title: "My Listing", access: vendorRoles, page: notBuilt("My Listing") },
  { path: "/upcoming-session", title: "Upcoming Session", access: sessionsReaders, page: notBuilt("Upcoming Session") },
  { path: "/session-history", title: "Session History", access: sessionsReaders, page: notBuilt("Session History") },
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
