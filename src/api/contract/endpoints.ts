import { mediaEndpoints } from "./media/media.endpoints.ts"
import { auditEndpoints } from "./audit/audit.endpoints.ts"
import { authEndpoints } from "./account/auth.endpoints.ts"
import { ticketEndpoints } from "./tickets/ticket.endpoints.ts"
import { availabilityEndpoints } from "./availability/availability.endpoints.ts"
import { partnerEndpoints } from "./partner/partner.endpoints.ts"
import { searchEndpoints } from "./search/search.endpoints.ts"
import { blogEndpoints } from "./blogs/blog.endpoints.ts"
import { draftEndpoints } from "./drafts/drafts.endpoints.ts"
import { savedViewEndpoints } from "./views/saved-views.endpoints.ts"
import { editorEndpoints } from "./editors/editor.endpoints.ts"
import { expertEndpoints } from "./content/expert.endpoints.ts"
import { galleryEndpoints } from "./content/gallery.endpoints.ts"
import { pressEndpoints } from "./content/press.endpoints.ts"
import { publicContentEndpoints } from "./content/public-content.endpoints.ts"
import { testimonialEndpoints } from "./content/testimonial.endpoints.ts"
import { counsellingEnquiryEndpoints } from "./counselling/counselling-enquiry.endpoints.ts"
import { counsellingSessionEndpoints } from "./counselling/counselling-sessions.endpoints.ts"
import { counsellingUsersEndpoints } from "./counselling/counselling-users.endpoints.ts"
import { contactEndpoints } from "./contact/contact.endpoints.ts"
import { dashboardEndpoints } from "./dashboard/dashboard.endpoints.ts"
import { vendorEndpoints } from "./vendors/vendors.endpoints.ts"
import { profileChangeEndpoints } from "./vendors/profile-change.endpoints.ts"
import { exportEndpoints } from "./endpoints/export.endpoints.ts"
import { twoFactorEndpoints } from "./account/two-factor.endpoints.ts"
import { notificationEndpoints } from "./notifications/notification.endpoints.ts"
import { liveEndpoints } from "./endpoints/live.endpoints.ts"
import { calendarFeedEndpoints } from "./account/calendar-feed.endpoints.ts"
import { timeZoneEndpoints } from "./account/time-zone.endpoints.ts"
import type { Endpoint } from "./endpoint.ts"

/** A resource of the API: its calls, with the name and sentence the API document groups them under. */
export interface ApiResource {
  readonly name: string
  readonly description: string
  readonly endpoints: readonly Endpoint[]
}

/** Every resource of the API, each with its calls from endpoints/<resource>.endpoints.ts. */
export const apiResources: readonly ApiResource[] = [
  { name: "Account", description: "Sign-in, tokens, passwords and the signed-in person's profile.", endpoints: [...authEndpoints, ...timeZoneEndpoints] },
  {
    name: "Two-factor",
    description: "Authenticator-app sign-in (setting it up, turning it off, the second step of signing in) and the security settings that require it.",
    endpoints: twoFactorEndpoints,
  },
  {
    name: "Audit",
    description:
      "The event log of every change, its CSV export, a record's state at a moment, and the access log of refused calls, failed sign-ins and audit reads.",
    endpoints: auditEndpoints,
  },
  { name: "Tickets", description: "Support tickets: raising one, the conversation, closing it, and feedback.", endpoints: ticketEndpoints },
  {
    name: "Partners",
    description: "The public partner sign-up, the settings read before sign-in, and a vendor's certification image.",
    endpoints: partnerEndpoints,
  },
  { name: "Availability", description: "A vendor's bookable hours.", endpoints: availabilityEndpoints },
  { name: "Search", description: "The header search: people for an Admin, one's own sessions and tickets for everyone else.", endpoints: searchEndpoints },
  { name: "Blogs", description: "Blog posts written by Admins and Editors.", endpoints: blogEndpoints },
  { name: "Drafts", description: "Content forms' text saved as it is typed, before it is published: each person's own.", endpoints: draftEndpoints },
  {
    name: "Saved views",
    description: "A list's search, order, filters, page size and columns, named to open again: each person's own.",
    endpoints: savedViewEndpoints,
  },
  {
    name: "Media library",
    description: "Every image uploaded for the website, once: alt text, dimensions, responsive variants, and where it is used.",
    endpoints: mediaEndpoints,
  },
  { name: "Gallery", description: "Images of the marketing site's gallery.", endpoints: galleryEndpoints },
  { name: "Experts", description: "Expert cards of the marketing site.", endpoints: expertEndpoints },
  { name: "Testimonials", description: "Testimonial cards of the marketing site.", endpoints: testimonialEndpoints },
  { name: "Press", description: "Press & Recognition cards of the marketing site.", endpoints: pressEndpoints },
  { name: "Editors", description: "Editor accounts, managed by Admins.", endpoints: editorEndpoints },
  {
    name: "Public content",
    description: "What the marketing site shows: published blogs, experts, testimonials, gallery and press.",
    endpoints: publicContentEndpoints,
  },
  {
    name: "Counselling enquiries",
    description: "Counselling enquiries from the marketing site, and sending a client their sign-in.",
    endpoints: counsellingEnquiryEndpoints,
  },
  { name: "Counselling clients", description: "Clients of counselling and the counsellor assigned to each.", endpoints: counsellingUsersEndpoints },
  {
    name: "Counselling sessions",
    description:
      "Counselling sessions: creating, listing, changing and deleting them, and the rest of their life: reschedule, a new time asked for, cancel, no-show, completed, history.",
    endpoints: counsellingSessionEndpoints,
  },
  {
    name: "Calendar feed",
    description: "Each person's private calendar feed of their sessions, for calendar apps to subscribe to.",
    endpoints: calendarFeedEndpoints,
  },
  { name: "Vendors", description: "Vendors and people lists, approval status, profiles and certificates.", endpoints: vendorEndpoints },
  {
    name: "Profile changes",
    description: "A vendor's own profile edits and onboarding checklist, and the changes to approved fields that wait for an Admin's review.",
    endpoints: profileChangeEndpoints,
  },
  { name: "Contact", description: "Contact enquiries from the marketing site.", endpoints: contactEndpoints },
  { name: "Dashboard", description: "The Admin dashboard's counts and weekly trends.", endpoints: dashboardEndpoints },
  { name: "Export", description: "CSV exports of the people lists.", endpoints: exportEndpoints },
  {
    name: "Notifications",
    description:
      "In-app notifications (the bell), each person's mail settings, and the email outbox: emails that failed on every attempt, and queueing one again.",
    endpoints: notificationEndpoints,
  },
  { name: "Live updates", description: "One Server-Sent Events stream per tab, telling open screens what changed.", endpoints: liveEndpoints },
]

/**
 * Every call of the API in one table. The server registers exactly these routes, the console's
 * route guards read their access rules, and the authorization matrix test walks them all.
 */
export const endpoints: readonly Endpoint[] = apiResources.flatMap((resource) => resource.endpoints)
