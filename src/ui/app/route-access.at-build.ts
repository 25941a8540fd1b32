import { canCall, type Access, type Endpoint } from "../../api/contract/endpoint.ts"
import { roles } from "../../api/contract/common.ts"
import { getProfile } from "../../api/contract/account/auth.endpoints.ts"
import { getTwoFactor } from "../../api/contract/account/two-factor.endpoints.ts"
import { listAccessLog, listAuditEvents } from "../../api/contract/audit/audit.endpoints.ts"
import { myAvailability } from "../../api/contract/availability/availability.endpoints.ts"
import { createBlog, getBlogDetails, listBlogs } from "../../api/contract/blogs/blog.endpoints.ts"
import { fetchEnquiry } from "../../api/contract/contact/contact.endpoints.ts"
import { listExperts } from "../../api/contract/content/expert.endpoints.ts"
import { listGallery } from "../../api/contract/content/gallery.endpoints.ts"
import { listPress } from "../../api/contract/content/press.endpoints.ts"
import { listTestimonials } from "../../api/contract/content/testimonial.endpoints.ts"
import { fetchCounsellingEnquiries } from "../../api/contract/counselling/counselling-enquiry.endpoints.ts"
import { fetchCounsellorSessions, fetchSessions, fetchUserSessions } from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import { fetchCounsellingDetails, fetchCounsellingUsers, fetchUnassignedUsers } from "../../api/contract/counselling/counselling-users.endpoints.ts"
import { listEditors } from "../../api/contract/editors/editor.endpoints.ts"
import { listMedia } from "../../api/contract/media/media.endpoints.ts"
import { getNotificationPreferences, listDeadMail, listNotificationTemplates } from "../../api/contract/notifications/notification.endpoints.ts"
import { partnerSignup } from "../../api/contract/partner/partner.endpoints.ts"
import { fetchResponse, getTickets } from "../../api/contract/tickets/ticket.endpoints.ts"
import { reviewList, roleList, vendorDetails } from "../../api/contract/vendors/vendors.endpoints.ts"
import { updateOwnProfile } from "../../api/contract/vendors/profile-change.endpoints.ts"
import { contentLists, type ContentListName } from "../../api/contract/content/content-lists.ts"
import { counsellingLists, type CounsellingListName } from "../../api/contract/counselling/counselling-lists.ts"
import { peopleListNames, peopleLists, type PeopleListName } from "../../api/contract/vendors/people-lists.ts"

/**
 * Who may open a route: the access rule of the contract call the route opens with, read from the contract
 * itself. The build runs this module and keeps only the rules (scripts/vite-evaluate-at-build.ts): importing
 * the endpoint files into the console's entry chunk would put every contract schema into the first load of
 * /login (issue 9: first-load JavaScript).
 */
const accessOf = <T extends Record<string, Endpoint>>(calls: T): { readonly [K in keyof T]: Access } =>
  Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.access])) as { [K in keyof T]: Access }

export const endpointAccess = accessOf({
  partnerSignup,
  getProfile,
  updateOwnProfile,
  getTwoFactor,
  getNotificationPreferences,
  vendorDetails,
  fetchEnquiry,
  fetchCounsellingDetails,
  listEditors,
  listAuditEvents,
  listAccessLog,
  listDeadMail,
  listNotificationTemplates,
  myAvailability,
  getTickets,
  fetchResponse,
  listBlogs,
  createBlog,
  getBlogDetails,
  listMedia,
})

const listCalls = accessOf({
  roleList,
  reviewList,
  fetchCounsellingEnquiries,
  fetchSessions,
  fetchUnassignedUsers,
  fetchCounsellingUsers,
  listGallery,
  listTestimonials,
  listExperts,
  listPress,
})

export type DefinedListName = PeopleListName | CounsellingListName | ContentListName

/**
 * A defined list's route (its path is its name): the title and the access of the call that reads it, from its
 * definition. Only these two reach the bundle, not the definitions' other fields.
 */
export const listRoutes = Object.fromEntries(
  Object.entries<{ title: string; call: keyof typeof listCalls }>({ ...peopleLists, ...counsellingLists, ...contentLists }).map(([name, list]) => [
    name,
    { title: list.title, access: listCalls[list.call] },
  ]),
) as Record<DefinedListName, { title: string; access: Access }>

/** The people lists' names, in their definition's order (the routes of the nine share one page). */
export const peopleListPaths: readonly PeopleListName[] = peopleListNames

/**
 * The roles with sessions of their own (Upcoming Session, Session History): those who read them as the client
 * or as the counsellor. The Admin reads everybody's, on All Sessions, and has none.
 */
export const sessionsReaders: Access = roles.filter(
  (role) => role !== "Admin" && (canCall(fetchUserSessions.access, role) || canCall(fetchCounsellorSessions.access, role)),
)
