import type { MachineEntry } from "./machine-entry.ts"
import { editorEntries } from "./editors/editors.entries.ts"
import { notificationEntries } from "./notifications/notifications.entries.ts"
import { auditEntries } from "./audit/audit.entries.ts"
import { blogEntries } from "./blogs/blogs.entries.ts"
import { contentEntries } from "./content/content.entries.ts"
import { contactEntries } from "./contact/contact.entries.ts"
import { ticketEntries } from "./tickets/tickets.entries.ts"
import { vendorEntries } from "./vendors/vendors.entries.ts"
import * as authApi from "../api/contract/endpoints/auth.endpoints.ts"
import * as dashboardApi from "../api/contract/endpoints/dashboard.endpoints.ts"
import * as enquiryApi from "../api/contract/counselling/counselling-enquiry.endpoints.ts"
import * as sessionApi from "../api/contract/counselling/counselling-sessions.endpoints.ts"
import * as counsellingUsersApi from "../api/contract/counselling/counselling-users.endpoints.ts"
import * as editorApi from "../api/contract/editors/editor.endpoints.ts"
import * as expertApi from "../api/contract/content/expert.endpoints.ts"
import * as availabilityApi from "../api/contract/endpoints/availability.endpoints.ts"
import * as partnerApi from "../api/contract/endpoints/partner.endpoints.ts"
import * as searchApi from "../api/contract/endpoints/search.endpoints.ts"
import * as twoFactorApi from "../api/contract/endpoints/two-factor.endpoints.ts"
import { listExportMachine } from "./list-export.machine.ts"
import * as exportApi from "../api/contract/endpoints/export.endpoints.ts"
import { assignCounsellorMachine } from "./counselling/assign-counsellor.machine.ts"
import { authMachine } from "./auth.machine.ts"
import { deleteSessionMachine, sendAccessMachine } from "./counselling/counselling-actions.machine.ts"
import { counsellingDetailsMachine } from "./counselling/counselling-details.machine.ts"
import { enquiryListMachine } from "./counselling/counselling-lists.machine.ts"
import { counsellingSessionMachine } from "./counselling/counselling-session.machine.ts"
import { createSessionMachine } from "./counselling/create-session.machine.ts"
import { editSessionMachine } from "./counselling/edit-session.machine.ts"
import { peopleCountsMachine } from "./people-counts.machine.ts"
import { sessionCountsMachine } from "./counselling/session-counts.machine.ts"
import { expertActionsMachine } from "./content/experts.machine.ts"
import { colorModeMachine } from "./color-mode.machine.ts"
import { connectionMachine } from "./connection.machine.ts"
import { diagramRenderMachine } from "./diagram-render.machine.ts"
import { headerSearchMachine } from "./header-search.machine.ts"
import { loginMachine } from "./login.machine.ts"
import { myListingMachine } from "./my-listing.machine.ts"
import { createPagedListMachine } from "./paged-list.machine.ts"
import { partnerSignupMachine } from "./partner-signup.machine.ts"
import { profileMachine } from "./profile.machine.ts"
import { publicConfigMachine } from "./public-config.machine.ts"
import { resetPasswordMachine } from "./reset-password.machine.ts"
import { updatePasswordMachine } from "./update-password.machine.ts"
import { signOutOthersMachine } from "./sign-out-others.machine.ts"
import { twoFactorMachine } from "./two-factor.machine.ts"
import { securitySettingsMachine } from "./security-settings.machine.ts"
import { freeSlotsMachine } from "./counselling/free-slots.machine.ts"
import { timeZoneMachine } from "./time-zone.machine.ts"
import { viewerZoneMachine } from "./viewer-zone.machine.ts"
import { calendarFeedMachine } from "./calendar-feed.machine.ts"
import { sessionCalendarMachine } from "./counselling/session-calendar.machine.ts"
import * as calendarFeedApi from "../api/contract/endpoints/calendar-feed.endpoints.ts"
import * as timeZoneApi from "../api/contract/endpoints/time-zone.endpoints.ts"
import { accountMachine } from "./account.machine.ts"
import { assignmentMachine } from "./counselling/assignment.machine.ts"
import { enquiryAccessMachine } from "./counselling/enquiry-access.machine.ts"
import {
  cancelFormMachine,
  completeSessionMachine,
  noShowSessionMachine,
  rescheduleFormMachine,
  sessionHistoryMachine,
} from "./counselling/session-steps.machine.ts"

/**
 * The domain workflows in the order auditors read them on the diagrams page and in docs/machines: the records
 * people deal with most first. Each resource's entries may sit anywhere in the assembly below.
 */
const workflowOrder = ["ticket", "counselling-session", "vendor-status", "blog-status", "enquiry-access", "assignment", "account"]

/** Each resource's entries (declared beside its machines) and the machines not yet moved to a resource. */
const assembled: MachineEntry[] = [
  {
    id: "auth",
    title: "Session lifetime",
    summary: "Sign-in stores tokens and user; the session ends on Logout, on any 401, or 2 hours after sign-in.",
    machine: authMachine,
    delayLabels: { sessionRemaining: "2 h (from sign-in)" },
    firedBy: {
      "auth.signedIn": authApi.login,
      "auth.logout": "the signed-in person (Logout in the user menu)",
      "auth.unauthorized": "any call the server answers with 401",
      "endServerSession done": authApi.logout,
      "endServerSession error": authApi.logout,
    },
  },
  {
    id: "login",
    title: "Login panel",
    summary: "Login, two-factor code and reset modes of the login screen (spec section 4; issue 10).",
    machine: loginMachine,
    firedBy: {
      "signIn done": authApi.login,
      "signIn error": authApi.login,
      "verifyCode done": twoFactorApi.loginTwoFactor,
      "verifyCode error": twoFactorApi.loginTwoFactor,
      "sendResetLink done": authApi.resetPasswordLink,
      "sendResetLink error": authApi.resetPasswordLink,
    },
  },
  {
    id: "two-factor",
    title: "Two-factor sign-in",
    summary: "Set up TOTP (QR code, first code, recovery codes shown once) and turn it off with password and code.",
    machine: twoFactorMachine,
    firedBy: {
      "loadStatus done": twoFactorApi.getTwoFactor,
      "loadStatus error": twoFactorApi.getTwoFactor,
      "startSetup done": twoFactorApi.startTwoFactor,
      "startSetup error": twoFactorApi.startTwoFactor,
      "enable done": twoFactorApi.enableTwoFactor,
      "enable error": twoFactorApi.enableTwoFactor,
      "disable done": twoFactorApi.disableTwoFactor,
      "disable error": twoFactorApi.disableTwoFactor,
    },
  },
  {
    id: "security-settings",
    title: "Security settings",
    summary: "The Admin's switch: require two-factor sign-in for Admin accounts.",
    machine: securitySettingsMachine,
    firedBy: {
      "load done": twoFactorApi.getSecuritySettings,
      "load error": twoFactorApi.getSecuritySettings,
      "save done": twoFactorApi.updateSecuritySettings,
      "save error": twoFactorApi.updateSecuritySettings,
    },
  },
  {
    id: "reset-password",
    title: "Reset password",
    summary: "Setting a new password with the emailed token; redirect to /login 1 s after success.",
    machine: resetPasswordMachine,
    delayLabels: { successShown: "1 s" },
    firedBy: { "submit done": authApi.resetPassword, "submit error": authApi.resetPassword },
  },
  {
    id: "update-password",
    title: "Update password panel",
    summary: "Changing the signed-in person's password; the success message closes after 5 s.",
    machine: updatePasswordMachine,
    delayLabels: { successShown: "5 s" },
    firedBy: { "submit done": authApi.updateCurrentPassword, "submit error": authApi.updateCurrentPassword },
  },
  {
    id: "sign-out-others",
    title: "Sign out of other devices",
    summary: "The user menu's 'Sign out of other devices': asks first, ends every other session, and this tab goes on with the new one.",
    machine: signOutOthersMachine,
    firedBy: { "signOutOthers done": authApi.logoutOtherDevices, "signOutOthers error": authApi.logoutOtherDevices },
  },
  {
    id: "paged-list",
    title: "Paged list",
    summary: "Every paged table of the console: loading screen, failure text, previous/next, search, reload.",
    machine: createPagedListMachine({ id: "pagedList", fetchPage: async () => ({ rows: [], total: 0 }), failureMessage: "(the list's failure text)" }),
  },
  ...auditEntries,
  {
    id: "list-export",
    title: "Export CSV",
    summary: "The Admin's 'Export CSV' of a list screen: every page with the current search, busy while it is prepared.",
    machine: listExportMachine,
    firedBy: { "exportList done": exportApi.exportList, "exportList error": exportApi.exportList },
  },
  {
    id: "diagram-render",
    title: "Diagram drawing",
    summary: "Loading the diagram library on demand and drawing a state diagram.",
    machine: diagramRenderMachine,
  },
  {
    id: "color-mode",
    title: "Colour mode",
    summary: "Light or dark: follows the system until the person toggles it in the user menu.",
    machine: colorModeMachine,
  },
  {
    id: "connection",
    title: "Connection to the server",
    summary: "Reachable, or not: while calls get no answer (or a 503) the client retries with backoff and a banner says so.",
    machine: connectionMachine,
  },
  ...ticketEntries,
  {
    id: "profile",
    title: "Profile",
    summary: "The signed-in person's profile, loaded on entry; 'Unauthorized' logs out to /login.",
    machine: profileMachine,
    firedBy: {
      "loadProfile done": authApi.getProfile,
      "loadProfile error": authApi.getProfile,
      "loadCertificate done": partnerApi.certificationImage,
      "loadCertificate error": partnerApi.certificationImage,
    },
  },
  {
    id: "my-listing",
    title: "My Listing",
    summary: "A vendor's availability: 7 days from today, 30-minute slots 08:00 AM to 08:00 PM, saved on the server.",
    machine: myListingMachine,
    delayLabels: { messageShown: "2 s" },
    firedBy: {
      "loadAvailability done": availabilityApi.myAvailability,
      "loadAvailability error": availabilityApi.myAvailability,
      "saveAvailability done": availabilityApi.saveMyAvailability,
      "saveAvailability error": availabilityApi.saveMyAvailability,
    },
  },
  {
    id: "time-zone",
    title: "Time zone",
    summary: "The profile's time zone: the browser's until chosen; a vendor's hours are kept in it.",
    machine: timeZoneMachine,
    firedBy: {
      "loadZone done": timeZoneApi.getMyTimeZone,
      "loadZone error": timeZoneApi.getMyTimeZone,
      "saveZone done": timeZoneApi.setMyTimeZone,
      "saveZone error": timeZoneApi.setMyTimeZone,
    },
  },
  {
    id: "viewer-zone",
    title: "Viewer's clock",
    summary:
      "The zone every screen shows times in: the signed-in person's profile zone, read once per sign-in before the first screen shows a time; the browser's until chosen or when it cannot be read.",
    machine: viewerZoneMachine,
    firedBy: { "loadZone done": timeZoneApi.getMyTimeZone, "loadZone error": timeZoneApi.getMyTimeZone },
  },
  {
    id: "free-slots",
    title: "Free times",
    summary:
      "The counsellor's free slots on the session form's date: their marked hours in their own zone, not past, not taken by a session of theirs or of the client; a slot fills the form's time.",
    machine: freeSlotsMachine,
    firedBy: { "loadFreeSlots done": availabilityApi.vendorFreeSlots, "loadFreeSlots error": availabilityApi.vendorFreeSlots },
  },
  {
    id: "header-search",
    title: "Header search",
    summary: "Search as you type (300 ms debounce): people for the Admin, own sessions and tickets for others.",
    machine: headerSearchMachine,
    delayLabels: { debounce: "300 ms" },
    firedBy: { "search done": searchApi.search, "search error": searchApi.search },
  },
  {
    id: "partner-signup",
    title: "Partner sign-up",
    summary: "The public partner registration form; the account starts Under Review.",
    machine: partnerSignupMachine,
    firedBy: { "submit done": partnerApi.partnerSignup, "submit error": partnerApi.partnerSignup },
  },
  {
    id: "public-config",
    title: "Public configuration",
    summary: "Reads where 'Sign up here' leads (PARTNER_SIGNUP_URL) from the server.",
    machine: publicConfigMachine,
    firedBy: { "loadConfig done": partnerApi.publicConfig, "loadConfig error": partnerApi.publicConfig },
  },
  ...blogEntries,
  ...contentEntries,
  {
    id: "row-actions",
    title: "Card and row actions",
    summary: "Delete after confirmation (shown for Experts; every content screen uses the same machine).",
    machine: expertActionsMachine,
    firedBy: { "removeRow done": expertApi.deleteExpert, "removeRow error": expertApi.deleteExpert },
  },
  ...editorEntries,
  {
    id: "counselling-session",
    workflow: true,
    title: "Counselling session",
    summary:
      "A session's life: scheduled (or rescheduled) until its start, in progress until its end, then completed or a no-show; cancelled before its start. Moves and cancellations inside the notice window are an Admin's (a late cancellation is allowed and marked). The server asks the same machine and refuses any other step (403 wrong person, 409 wrong moment).",
    machine: counsellingSessionMachine,
    firedBy: {
      "session.edit": sessionApi.updateSession,
      "session.delete": sessionApi.deleteSession,
      "session.reschedule": sessionApi.rescheduleSession,
      "session.requestReschedule": sessionApi.requestSessionReschedule,
      "session.cancel": sessionApi.cancelSession,
      "session.markNoShow": sessionApi.markSessionNoShow,
      "session.complete": sessionApi.completeSession,
    },
  },
  {
    id: "create-session",
    title: "Create Session",
    summary: "Date, Time, Topic, Agenda, Duration and Note; 'Session created successfully!', the form clears, the modal closes 1 s later.",
    machine: createSessionMachine,
    delayLabels: { successShown: "1 s" },
    firedBy: { "submit done": sessionApi.createSession, "submit error": sessionApi.createSession },
  },
  {
    id: "edit-session",
    title: "Edit Session",
    summary: "Only upcoming sessions with a meeting key; 'Session updated successfully!' and the modal closes 1 s later.",
    machine: editSessionMachine,
    delayLabels: { successShown: "1 s" },
    firedBy: { "submit done": sessionApi.updateSession, "submit error": sessionApi.updateSession },
  },
  {
    id: "session-calendar",
    title: "Sessions' calendar",
    summary:
      "All Sessions and Upcoming Session as a week or a month of the viewer's zone: each range read from the API, moved with Previous, Today and Next; sessions coloured by their state.",
    machine: sessionCalendarMachine,
    firedBy: {
      "fetchRange done": sessionApi.fetchSessions,
      "fetchRange error": sessionApi.fetchSessions,
    },
  },
  {
    id: "calendar-feed",
    title: "Calendar feed",
    summary:
      "The profile's private calendar address: made on request, copied, replaced or turned off after a confirmation (the old address stops working at once).",
    machine: calendarFeedMachine,
    firedBy: {
      "loadFeed done": calendarFeedApi.getCalendarFeed,
      "loadFeed error": calendarFeedApi.getCalendarFeed,
      "replaceFeed done": calendarFeedApi.createCalendarFeed,
      "replaceFeed error": calendarFeedApi.createCalendarFeed,
      "revokeFeed done": calendarFeedApi.revokeCalendarFeed,
      "revokeFeed error": calendarFeedApi.revokeCalendarFeed,
    },
  },
  {
    id: "reschedule-session",
    file: "session-steps",
    title: "Reschedule / Ask for a new time",
    summary:
      "New date and time (the viewer's zone, not in the past) and a reason; an Admin or the counsellor moves the session, the client asks for it. The message shows and the modal closes 1 s later.",
    machine: rescheduleFormMachine,
    delayLabels: { successShown: "1 s" },
    firedBy: { "submit done": sessionApi.rescheduleSession, "submit error": sessionApi.rescheduleSession },
  },
  {
    id: "cancel-session",
    file: "session-steps",
    title: "Cancel session",
    summary: "A reason is required; the form says beforehand when the cancellation will be late (inside the notice window).",
    machine: cancelFormMachine,
    delayLabels: { successShown: "1 s" },
    firedBy: { "submit done": sessionApi.cancelSession, "submit error": sessionApi.cancelSession },
  },
  {
    id: "complete-session",
    file: "session-steps",
    title: "Mark completed",
    summary: "After the session's end, the counsellor or an Admin records it as held, after a confirmation.",
    machine: completeSessionMachine,
    firedBy: { "run done": sessionApi.completeSession, "run error": sessionApi.completeSession },
  },
  {
    id: "no-show-session",
    file: "session-steps",
    title: "Mark no-show",
    summary: "After the session's start, the counsellor or an Admin records that the client did not come, after a confirmation naming the client.",
    machine: noShowSessionMachine,
    firedBy: { "run done": sessionApi.markSessionNoShow, "run error": sessionApi.markSessionNoShow },
  },
  {
    id: "session-history",
    file: "session-steps",
    title: "Session history",
    summary: "A session's events, newest first, read when its details open; Try again after a failure.",
    machine: sessionHistoryMachine,
    firedBy: { "fetchHistory done": sessionApi.fetchSessionHistory, "fetchHistory error": sessionApi.fetchSessionHistory },
  },
  {
    id: "assign-counsellor",
    title: "Assign To",
    summary:
      "Exactly one counsellor for the selected users, one update per user; the form lists a few people per role and searches the rest (300 ms debounce).",
    machine: assignCounsellorMachine,
    delayLabels: { searchDebounce: "300 ms" },
    firedBy: {
      "loadPeople done": counsellingUsersApi.fetchAssignablePeople,
      "loadPeople error": counsellingUsersApi.fetchAssignablePeople,
      "assignEach done": counsellingUsersApi.assignOrUpdateCounsellor,
      "assignEach error": counsellingUsersApi.assignOrUpdateCounsellor,
    },
  },
  {
    id: "counselling-actions",
    title: "Send access",
    summary: "Send access to a counselling enquiry after confirmation: the client's account is created or reused and emailed a set-password link.",
    machine: sendAccessMachine,
    firedBy: { "run done": enquiryApi.sendUserLoginAccess, "run error": enquiryApi.sendUserLoginAccess },
  },
  {
    id: "confirm-action",
    title: "Delete session",
    summary: "Delete a counselling session after confirmation (the same confirm-then-run machine as Send access).",
    machine: deleteSessionMachine,
    firedBy: { "run done": sessionApi.deleteSession, "run error": sessionApi.deleteSession },
  },
  {
    id: "counselling-details",
    title: "Counselling details",
    summary: "The user and counsellor cards of /counselling/:userId.",
    machine: counsellingDetailsMachine,
    firedBy: { "loadDetails done": counsellingUsersApi.fetchCounsellingDetails, "loadDetails error": counsellingUsersApi.fetchCounsellingDetails },
  },
  {
    id: "counselling-lists",
    title: "Counselling enquiries list",
    summary: "The paged 1:1 Counselling enquiries (the other counselling tables are the same paged list).",
    machine: enquiryListMachine,
    firedBy: { "fetchPage done": enquiryApi.fetchCounsellingEnquiries, "fetchPage error": enquiryApi.fetchCounsellingEnquiries },
  },
  {
    id: "session-counts",
    title: "Session counts",
    summary: "The dashboard's Upcoming Session and Session History counts for the User and vendor roles.",
    machine: sessionCountsMachine,
  },
  {
    id: "enquiry-access",
    workflow: true,
    title: "Enquiry access",
    summary:
      "The Admin's Send access on a counselling enquiry: the client gets an account and a set-password link, again on a second send; an email held by a vendor, editor or admin is refused with 409.",
    machine: enquiryAccessMachine,
    firedBy: { "enquiry.sendAccess": enquiryApi.sendUserLoginAccess },
  },
  {
    id: "assignment",
    workflow: true,
    title: "Counsellor assignment",
    summary:
      "The Admin assigns a client an approved person of an assignable role (never the client), and may assign another later; anything else is refused with 400.",
    machine: assignmentMachine,
    firedBy: { "assignment.assign": counsellingUsersApi.assignOrUpdateCounsellor },
  },
  {
    id: "account",
    workflow: true,
    title: "Account and password",
    summary:
      "An invited account has no password until its owner sets one with the mailed link; a new password (by link or with the current one) signs every other device out; an Admin deletes an editor's account.",
    machine: accountMachine,
    firedBy: {
      "account.setPasswordByLink": authApi.resetPassword,
      "account.changePassword": authApi.updateCurrentPassword,
      "account.signOutOtherDevices": authApi.logoutOtherDevices,
      "account.delete": editorApi.deleteEditor,
    },
  },
  ...vendorEntries,
  ...contactEntries,
  ...notificationEntries,
  {
    id: "people-counts",
    title: "Dashboard people counts",
    summary: "The Admin's count cards, from counts kept in the same transaction as every change.",
    machine: peopleCountsMachine,
    firedBy: { "fetchCounts done": dashboardApi.peopleCounts, "fetchCounts error": dashboardApi.peopleCounts },
  },
]

/**
 * Every machine the diagrams and path-coverage reports cover. A new machine is added once, in its resource's
 * entries; `npm run diagrams` then writes docs/machines/<id>.md and the freshness test checks it.
 */
export const machineRegistry: MachineEntry[] = assembled.sort((a, b) => rank(a) - rank(b))

/** Workflows first, in workflowOrder; the console's machines after them, as assembled (the sort is stable). */
function rank(entry: MachineEntry): number {
  if (!entry.workflow) return workflowOrder.length
  const place = workflowOrder.indexOf(entry.id)
  if (place < 0) throw new Error(`workflow ${entry.id} has no place in workflowOrder`)
  return place
}
