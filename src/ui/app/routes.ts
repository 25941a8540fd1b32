import type { Access } from "../../api/contract/endpoint.ts"
import { lazyPage, lazyScreen, type PreloadableScreen } from "./lazy-screen.ts"
import { endpointAccess as call, listRoutes, peopleListPaths, sessionsReaders, type DefinedListName } from "./route-access.at-build.ts"
import { blogList } from "../../api/contract/blogs/blog-list.ts"
import { editorList } from "../../api/contract/editors/editor-list.ts"
import { enquiryList } from "../../api/contract/contact/enquiry-list.ts"
import { ticketList } from "../../api/contract/tickets/ticket-list.ts"
import type { PeopleListName } from "../../api/contract/vendors/people-lists.ts"

export interface RouteDef {
  path: string
  title: string
  access: Access
  /** Pages render inside the layout unless they are the sign-in screens. */
  bare?: boolean
  /**
   * A signed-in role this page refuses is signed out in this browser and sent to /login (the spec's
   * rule for the blog pages and All Enquiries); any other page tells such a role it has no access, and the
   * session stays.
   */
  refusedSignsOut?: true
  page: PreloadableScreen<{ params: Record<string, string | undefined> }>
}

const admin = ["Admin"] as const

/** A defined list's route: its path (the list's name), title and access from its definition, and its page. */
const listRoute = (name: DefinedListName, page: RouteDef["page"]): RouteDef => ({ path: `/${name}`, ...listRoutes[name], page })

/** The nine people lists share one page module, which gives each its screen. */
const peopleListRoute = (name: PeopleListName): RouteDef =>
  listRoute(
    name,
    lazyScreen(() => import("../pages/vendors/people-list.page.tsx").then((m) => ({ default: m.peopleListScreens[name] }))),
  )

/**
 * Every route of the spec's route list with who may open it. Access mirrors the contract's rule
 * for the calls the page makes; pages still to be built say so plainly. The sign-in form alone is a
 * plain `lazyPage`: theme.ts holds its recipes, and it must not wait for the others (issue 9's first load).
 */
export const routes: RouteDef[] = [
  { path: "/login", title: "Login", access: "public", bare: true, page: lazyPage(() => import("../pages/account/login.page.tsx")) },
  {
    path: "/reset-password/:token",
    title: "Reset Password",
    access: "public",
    bare: true,
    page: lazyScreen(() => import("../pages/account/reset-password.page.tsx")),
  },
  {
    path: "/partner-signup",
    title: "Become a Partner",
    access: call.partnerSignup,
    bare: true,
    page: lazyScreen(() => import("../pages/partner/partner-signup.page.tsx")),
  },
  { path: "/", title: "Dashboard", access: "signedIn", page: lazyScreen(() => import("../pages/dashboard/dashboard.page.tsx")) },
  ...peopleListPaths.map((name) => peopleListRoute(name)),
  // Spec section 2: "non-admins are sent to /login".
  {
    path: "/enquiries",
    refusedSignsOut: true,
    title: enquiryList.title,
    access: call.fetchEnquiry,
    page: lazyScreen(() => import("../pages/contact/enquiries.page.tsx")),
  },
  {
    path: "/vendor-details/:userId",
    title: "Vendor Details",
    access: call.vendorDetails,
    page: lazyScreen(() => import("../pages/vendors/vendor-details.page.tsx")),
  },
  listRoute(
    "counselling",
    lazyScreen(() => import("../pages/counselling/counselling.page.tsx")),
  ),
  listRoute(
    "all-sessions",
    lazyScreen(() => import("../pages/counselling/all-sessions.page.tsx")),
  ),
  listRoute(
    "unassign-users",
    lazyScreen(() => import("../pages/counselling/unassign-users.page.tsx")),
  ),
  listRoute(
    "counselling-users",
    lazyScreen(() => import("../pages/counselling/counselling-users.page.tsx")),
  ),
  {
    path: "/counselling/:userId",
    title: "Counselling Sessions",
    access: call.fetchCounsellingDetails,
    page: lazyScreen(() => import("../pages/counselling/counselling-sessions.page.tsx")),
  },
  { path: "/my-listing", title: "My Listing", access: call.myAvailability, page: lazyScreen(() => import("../pages/availability/my-listing.page.tsx")) },
  {
    path: "/upcoming-session",
    title: "Upcoming Session",
    access: sessionsReaders,
    page: lazyScreen(() => import("../pages/counselling/upcoming-session.page.tsx")),
  },
  {
    path: "/session-history",
    title: "Session History",
    access: sessionsReaders,
    page: lazyScreen(() => import("../pages/counselling/session-history.page.tsx")),
  },
  { path: "/transaction-history", title: "Transaction History", access: "signedIn", page: lazyScreen(() => import("../pages/transaction-history.page.tsx")) },
  { path: "/my-tickets", title: ticketList.title, access: call.getTickets, page: lazyScreen(() => import("../pages/tickets/my-tickets.page.tsx")) },
  { path: "/ticket/:queryId", title: "Ticket Details", access: call.fetchResponse, page: lazyScreen(() => import("../pages/tickets/ticket-details.page.tsx")) },
  {
    path: "/upcoming-counselling",
    title: "Upcoming Counselling",
    access: "signedIn",
    page: lazyScreen(() => import("../pages/counselling/upcoming-counselling.page.tsx")),
  },
  { path: "/my-plan", title: "My Plans", access: "signedIn", page: lazyScreen(() => import("../pages/my-plan.page.tsx")) },
  { path: "/wallet-history", title: "Wallet History", access: "signedIn", page: lazyScreen(() => import("../pages/wallet-history.page.tsx")) },
  { path: "/profile", title: "Profile", access: call.getProfile, page: lazyScreen(() => import("../pages/account/profile.page.tsx")) },
  {
    path: "/profile/edit",
    title: "Edit Profile",
    access: call.updateOwnProfile,
    page: lazyScreen(() => import("../pages/account/profile-edit.page.tsx")),
  },
  { path: "/two-factor", title: "Two-factor sign-in", access: call.getTwoFactor, page: lazyScreen(() => import("../pages/account/two-factor.page.tsx")) },
  {
    path: "/notification-settings",
    title: "Notification settings",
    access: call.getNotificationPreferences,
    page: lazyScreen(() => import("../pages/notifications/notification-settings.page.tsx")),
  },
  { path: "/blogs", refusedSignsOut: true, title: blogList.title, access: call.listBlogs, page: lazyScreen(() => import("../pages/blogs/blogs.page.tsx")) },
  { path: "/add-blog", refusedSignsOut: true, title: "Add Blog", access: call.createBlog, page: lazyScreen(() => import("../pages/blogs/add-blog.page.tsx")) },
  {
    path: "/blog/:blogId",
    refusedSignsOut: true,
    title: "Update Blog",
    access: call.getBlogDetails,
    page: lazyScreen(() => import("../pages/blogs/update-blog.page.tsx")),
  },
  { path: "/media", title: "Media Library", access: call.listMedia, page: lazyScreen(() => import("../pages/media/media-library.page.tsx")) },
  listRoute(
    "gallery",
    lazyScreen(() => import("../pages/content/gallery.page.tsx")),
  ),
  listRoute(
    "testimonials",
    lazyScreen(() => import("../pages/content/testimonials.page.tsx")),
  ),
  listRoute(
    "experts",
    lazyScreen(() => import("../pages/content/experts.page.tsx")),
  ),
  { path: "/editor", title: editorList.title, access: call.listEditors, page: lazyScreen(() => import("../pages/editors/editor.page.tsx")) },
  // Beyond the spec, for auditors (reached from the Admin's user menu, not the sidebar of the spec).
  { path: "/audit", title: "Audit trail", access: call.listAuditEvents, page: lazyScreen(() => import("../pages/audit/audit.page.tsx")) },
  { path: "/access-log", title: "Access log", access: call.listAccessLog, page: lazyScreen(() => import("../pages/audit/access-log.page.tsx")) },
  { path: "/state-diagrams", title: "State diagrams", access: admin, page: lazyScreen(() => import("../pages/state-diagrams.page.tsx")) },
  {
    path: "/undelivered-emails",
    title: "Undelivered emails",
    access: call.listDeadMail,
    page: lazyScreen(() => import("../pages/notifications/undelivered-mail.page.tsx")),
  },
  {
    path: "/email-templates",
    title: "Email templates",
    access: call.listNotificationTemplates,
    page: lazyScreen(() => import("../pages/notifications/email-templates.page.tsx")),
  },
  listRoute(
    "press-release-and-recognition",
    lazyScreen(() => import("../pages/content/press-release-and-recognition.page.tsx")),
  ),
]
