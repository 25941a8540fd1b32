import * as authCalls from "../../api/contract/account/auth.endpoints.ts"
import { loginTwoFactor } from "../../api/contract/account/two-factor.endpoints.ts"
import { deleteEditor } from "../../api/contract/editors/editor.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { accountMachine } from "./account.machine.ts"
import { authMachine } from "./auth.machine.ts"
import { calendarFeedMachine } from "./calendar-feed.machine.ts"
import { loginMachine } from "./login.machine.ts"
import { profileMachine } from "./profile.machine.ts"
import { profileEditMachine } from "./profile-edit.machine.ts"
import { resetPasswordMachine } from "./reset-password.machine.ts"
import { securitySettingsMachine } from "./security-settings.machine.ts"
import { signOutOthersMachine } from "./sign-out-others.machine.ts"
import { timeZoneMachine } from "./time-zone.machine.ts"
import { twoFactorMachine } from "./two-factor.machine.ts"
import { updatePasswordMachine } from "./update-password.machine.ts"
import { viewerZoneMachine } from "./viewer-zone.machine.ts"

/**
 * Sign-in, the session, passwords, two-factor and the profile as the diagrams show them; the registry takes them
 * as they are. The sign-in screen's machines (login, auth) are in the first load of /login, which the bench holds
 * within 1.10 x a bare app: naming their calls with fromCall there cost 0.2 KB gz, more than was left, so their
 * entries name those calls instead.
 */
export const accountEntries: MachineEntry[] = [
  {
    id: "auth",
    title: "Session lifetime",
    summary: "Sign-in stores tokens and user; the session ends on Logout, on any 401, or 2 hours after sign-in.",
    machine: authMachine,
    delayLabels: { sessionRemaining: "2 h (from sign-in)" },
    firedBy: {
      "auth.signedIn": authCalls.login,
      "auth.logout": "the signed-in person (Logout in the user menu)",
      "auth.unauthorized": "any call the server answers with 401",
      "endServerSession done": authCalls.logout,
      "endServerSession error": authCalls.logout,
      "refreshSession done": authCalls.refreshToken,
      "refreshSession error": authCalls.refreshToken,
    },
  },
  {
    id: "login",
    title: "Login panel",
    summary: "Login, two-factor code and reset modes of the login screen (spec section 4; issue 10).",
    machine: loginMachine,
    firedBy: {
      "signIn done": authCalls.login,
      "signIn error": authCalls.login,
      "verifyCode done": loginTwoFactor,
      "verifyCode error": loginTwoFactor,
      "sendResetLink done": authCalls.resetPasswordLink,
      "sendResetLink error": authCalls.resetPasswordLink,
    },
  },
  {
    id: "two-factor",
    title: "Two-factor sign-in",
    summary: "Set up TOTP (QR code, first code, recovery codes shown once) and turn it off with password and code.",
    machine: twoFactorMachine,
  },
  {
    id: "security-settings",
    title: "Security settings",
    summary: "The Admin's switch: require two-factor sign-in for Admin accounts.",
    machine: securitySettingsMachine,
  },
  {
    id: "reset-password",
    title: "Reset password",
    summary: "Setting a new password with the emailed token; redirect to /login 1 s after success.",
    machine: resetPasswordMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "update-password",
    title: "Update password panel",
    summary: "Changing the signed-in person's password; the success message closes after 5 s.",
    machine: updatePasswordMachine,
    delayLabels: { successShown: "5 s" },
  },
  {
    id: "sign-out-others",
    title: "Sign out of other devices",
    summary: "The user menu's 'Sign out of other devices': asks first, ends every other session, and this tab goes on with the new one.",
    machine: signOutOthersMachine,
  },
  {
    id: "profile",
    title: "Profile",
    summary: "The signed-in person's profile, loaded on entry; 'Unauthorized' logs out to /login.",
    machine: profileMachine,
  },
  {
    id: "profile-edit",
    title: "Edit Profile (vendor)",
    summary:
      "A vendor's own profile form: loaded with the pending change's values, checked with the sign-up's rules, sent whole; the server applies what needs no review and puts approved fields under review.",
    machine: profileEditMachine,
    delayLabels: { successShown: "2 s" },
  },
  {
    id: "time-zone",
    title: "Time zone",
    summary: "The profile's time zone: the browser's until chosen; a vendor's hours are kept in it.",
    machine: timeZoneMachine,
  },
  {
    id: "viewer-zone",
    title: "Viewer's clock",
    summary:
      "The zone every screen shows times in: the signed-in person's profile zone, read once per sign-in before the first screen shows a time; the browser's until chosen or when it cannot be read.",
    machine: viewerZoneMachine,
  },
  {
    id: "calendar-feed",
    title: "Calendar feed",
    summary:
      "The profile's private calendar address: made on request, copied, replaced or turned off after a confirmation (the old address stops working at once).",
    machine: calendarFeedMachine,
  },
  {
    id: "account",
    workflow: true,
    title: "Account and password",
    summary:
      "An invited account has no password until its owner sets one with the mailed link; a new password (by link or with the current one) signs every other device out; an Admin deletes an editor's account.",
    machine: accountMachine,
    firedBy: {
      "account.setPasswordByLink": authCalls.resetPassword,
      "account.changePassword": authCalls.updateCurrentPassword,
      "account.signOutOtherDevices": authCalls.logoutOtherDevices,
      "account.delete": deleteEditor,
    },
  },
]
