import type { Access } from "../../api/contract/endpoint.ts"

const admin = ["Admin"] as const
const content = ["Admin", "Editor"] as const
const vendors = ["Lawyer", "Counsellor", "YogaTeacher", "Nutritionist", "ImageConsultant"] as const
const ticketReaders = ["Admin", "User", "Editor", ...vendors] as const

/**
 * The access rule of each contract call a route opens with, by endpoint name. The contract stays the
 * source of truth: tests/unit/route-access.test.ts fails when an entry differs from the contract's.
 * A copy and not an import because importing the endpoint files put every contract schema into the
 * first load of /login (issue 9: first-load JavaScript).
 */
export const endpointAccess = {
  partnerSignup: "public",
  getProfile: "signedIn",
  getTwoFactor: "signedIn",
  getNotificationPreferences: "signedIn",
  roleList: admin,
  reviewList: admin,
  vendorDetails: admin,
  fetchEnquiry: admin,
  fetchCounsellingEnquiries: admin,
  fetchSessions: admin,
  fetchUnassignedUsers: admin,
  fetchCounsellingUsers: admin,
  fetchCounsellingDetails: admin,
  listEditors: admin,
  listAuditEvents: admin,
  listAccessLog: admin,
  listDeadMail: admin,
  listNotificationTemplates: admin,
  myAvailability: vendors,
  getTickets: ticketReaders,
  fetchResponse: ticketReaders,
  listBlogs: content,
  createBlog: content,
  getBlogDetails: content,
  listGallery: content,
  listTestimonials: content,
  listExperts: content,
  listPress: content,
} as const satisfies Record<string, Access>

/** Roles that read their own sessions (the User and every vendor role). */
export const sessionsReaders = ["User", ...vendors] as const
