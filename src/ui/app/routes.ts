import { lazy, type ComponentType, type LazyExoticComponent } from "react"
import type { Access } from "../../api/contract/endpoint.ts"
import { vendorRoles } from "../../api/contract/common.ts"
import { listAuditEvents } from "../../api/contract/endpoints/audit.endpoints.ts"
import { fetchResponse, getTickets } from "../../api/contract/endpoints/ticket.endpoints.ts"
import { getProfile } from "../../api/contract/endpoints/auth.endpoints.ts"
import { getTwoFactor } from "../../api/contract/endpoints/two-factor.endpoints.ts"
import { myAvailability } from "../../api/contract/endpoints/availability.endpoints.ts"
import { partnerSignup } from "../../api/contract/endpoints/partner.endpoints.ts"
import { createBlog, getBlogDetails, listBlogs } from "../../api/contract/endpoints/blog.endpoints.ts"
import { listEditors } from "../../api/contract/endpoints/editor.endpoints.ts"
import { listExperts } from "../../api/contract/endpoints/expert.endpoints.ts"
import { listGallery } from "../../api/contract/endpoints/gallery.endpoints.ts"
import { listPress } from "../../api/contract/endpoints/press.endpoints.ts"
import { listTestimonials } from "../../api/contract/endpoints/testimonial.endpoints.ts"
import { fetchCounsellingEnquiries } from "../../api/contract/endpoints/counselling-enquiry.endpoints.ts"
import { fetchSessions } from "../../api/contract/endpoints/counselling-sessions.endpoints.ts"
import { fetchCounsellingDetails, fetchCounsellingUsers, fetchUnassignedUsers } from "../../api/contract/endpoints/counselling-users.endpoints.ts"
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


const admin = ["Admin"] as const
const sessionsReaders = ["User", ...vendorRoles] as const

/**
 * Every route of the spec's route list with who may open it. Access mirrors the contract's rule
 * for the calls the page makes; pages still to be built say so plainly.
 */
export const routes: RouteDef[] = [
  { path: "/login", title: "Login", access: "public", bare: true, page: lazy(() => import("../pages/login.page.tsx")) },
  { path: "/reset-password/:token", title: "Reset Password", access: "public", bare: true, page: lazy(() => import("../pages/reset-password.page.tsx")) },
  { path: "/partner-signup", title: "Become a Partner", access: partnerSignup.access, bare: true, page: lazy(() => import("../pages/partner-signup.page.tsx")) },
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
  { path: "/counselling", title: "1:1 Counselling", access: fetchCounsellingEnquiries.access, page: lazy(() => import("../pages/counselling.page.tsx")) },
  { path: "/all-sessions", title: "All Sessions", access: fetchSessions.access, page: lazy(() => import("../pages/all-sessions.page.tsx")) },
  { path: "/unassign-users", title: "Unassign Users", access: fetchUnassignedUsers.access, page: lazy(() => import("../pages/unassign-users.page.tsx")) },
  { path: "/counselling-users", title: "Counselling Users", access: fetchCounsellingUsers.access, page: lazy(() => import("../pages/counselling-users.page.tsx")) },
  { path: "/counselling/:userId", title: "Counselling Sessions", access: fetchCounsellingDetails.access, page: lazy(() => import("../pages/counselling-sessions.page.tsx")) },
  { path: "/my-listing", title: "My Listing", access: myAvailability.access, page: lazy(() => import("../pages/my-listing.page.tsx")) },
  { path: "/upcoming-session", title: "Upcoming Session", access: sessionsReaders, page: lazy(() => import("../pages/upcoming-session.page.tsx")) },
  { path: "/session-history", title: "Session History", access: sessionsReaders, page: lazy(() => import("../pages/session-history.page.tsx")) },
  { path: "/transaction-history", title: "Transaction History", access: "signedIn", page: lazy(() => import("../pages/transaction-history.page.tsx")) },
  { path: "/my-tickets", title: "My Tickets", access: getTickets.access, page: lazy(() => import("../pages/my-tickets.page.tsx")) },
  { path: "/ticket/:queryId", title: "Ticket Details", access: fetchResponse.access, page: lazy(() => import("../pages/ticket-details.page.tsx")) },
  { path: "/upcoming-counselling", title: "Upcoming Counselling", access: "signedIn", page: lazy(() => import("../pages/upcoming-counselling.page.tsx")) },
  { path: "/my-plan", title: "My Plans", access: "signedIn", page: lazy(() => import("../pages/my-plan.page.tsx")) },
  { path: "/wallet-history", title: "Wallet History", access: "signedIn", page: lazy(() => import("../pages/wallet-history.page.tsx")) },
  { path: "/profile", title: "Profile", access: getProfile.access, page: lazy(() => import("../pages/profile.page.tsx")) },
  { path: "/two-factor", title: "Two-factor sign-in", access: getTwoFactor.access, page: lazy(() => import("../pages/two-factor.page.tsx")) },
  { path: "/blogs", title: "Blogs", access: listBlogs.access, page: lazy(() => import("../pages/blogs.page.tsx")) },
  { path: "/add-blog", title: "Add Blog", access: createBlog.access, page: lazy(() => import("../pages/add-blog.page.tsx")) },
  { path: "/blog/:blogId", title: "Update Blog", access: getBlogDetails.access, page: lazy(() => import("../pages/update-blog.page.tsx")) },
  { path: "/gallery", title: "Gallery", access: listGallery.access, page: lazy(() => import("../pages/gallery.page.tsx")) },
  { path: "/testimonials", title: "Testimonials", access: listTestimonials.access, page: lazy(() => import("../pages/testimonials.page.tsx")) },
  { path: "/experts", title: "Experts", access: listExperts.access, page: lazy(() => import("../pages/experts.page.tsx")) },
  { path: "/editor", title: "Editor", access: listEditors.access, page: lazy(() => import("../pages/editor.page.tsx")) },
  // Beyond the spec, for auditors (reached from the Admin's user menu, not the sidebar of the spec).
  { path: "/audit", title: "Audit trail", access: listAuditEvents.access, page: lazy(() => import("../pages/audit.page.tsx")) },
  { path: "/state-diagrams", title: "State diagrams", access: admin, page: lazy(() => import("../pages/state-diagrams.page.tsx")) },
  {
    path: "/press-release-and-recognition",
    title: "Press Release & Recognition",
    access: listPress.access,
    page: lazy(() => import("../pages/press-release-and-recognition.page.tsx")),
  },
]
