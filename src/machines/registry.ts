import type { MachineEntry } from "./machine-entry.ts"
import { editorEntries } from "./editors/editors.entries.ts"
import { notificationEntries } from "./notifications/notifications.entries.ts"
import { auditEntries } from "./audit/audit.entries.ts"
import { blogEntries } from "./blogs/blogs.entries.ts"
import { contentEntries } from "./content/content.entries.ts"
import { contactEntries } from "./contact/contact.entries.ts"
import { ticketEntries } from "./tickets/tickets.entries.ts"
import { vendorEntries } from "./vendors/vendors.entries.ts"
import { counsellingEntries } from "./counselling/counselling.entries.ts"
import * as authApi from "../api/contract/account/auth.endpoints.ts"
import * as dashboardApi from "../api/contract/endpoints/dashboard.endpoints.ts"
import * as editorApi from "../api/contract/editors/editor.endpoints.ts"
import * as expertApi from "../api/contract/content/expert.endpoints.ts"
import * as availabilityApi from "../api/contract/endpoints/availability.endpoints.ts"
import * as partnerApi from "../api/contract/endpoints/partner.endpoints.ts"
import * as searchApi from "../api/contract/endpoints/search.endpoints.ts"
import * as twoFactorApi from "../api/contract/account/two-factor.endpoints.ts"
import { listExportMachine } from "./list-export.machine.ts"
import * as exportApi from "../api/contract/endpoints/export.endpoints.ts"
import { authMachine } from "./account/auth.machine.ts"
import { peopleCountsMachine } from "./people-counts.machine.ts"
import { expertActionsMachine } from "./content/experts.machine.ts"
import { colorModeMachine } from "./color-mode.machine.ts"
import { connectionMachine } from "./connection.machine.ts"
import { diagramRenderMachine } from "./diagram-render.machine.ts"
import { headerSearchMachine } from "./header-search.machine.ts"
import { loginMachine } from "./account/login.machine.ts"
import { myListingMachine } from "./my-listing.machine.ts"
import { createPagedListMachine } from "./paged-list.machine.ts"
import { partnerSignupMachine } from "./partner-signup.machine.ts"
import { profileMachine } from "./account/profile.machine.ts"
import { publicConfigMachine } from "./public-config.machine.ts"
import { resetPasswordMachine } from "./account/reset-password.machine.ts"
import { updatePasswordMachine } from "./account/update-password.machine.ts"
import { signOutOthersMachine } from "./account/sign-out-others.machine.ts"
import { twoFactorMachine } from "./account/two-factor.machine.ts"
import { securitySettingsMachine } from "./account/security-settings.machine.ts"
import { timeZoneMachine } from "./account/time-zone.machine.ts"
import { viewerZoneMachine } from "./account/viewer-zone.machine.ts"
import { calendarFeedMachine } from "./account/calendar-feed.machine.ts"
import * as calendarFeedApi from "../api/contract/account/calendar-feed.endpoints.ts"
import * as timeZoneApi from "../api/contract/account/time-zone.endpoints.ts"
import { accountMachine } from "./account/account.machine.ts"

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
  ...counsellingEntries,
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
