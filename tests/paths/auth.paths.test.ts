import { ApiError } from "../../src/api/api-error.ts"
import { authMachine } from "../../src/machines/account/auth.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const user = { _id: "u1", name: "Asha Admin", email: "admin@demo.test", role: "Admin" as const, organizationId: null }
/** Access tokens shaped like the server's (15 minutes from the machine's clock), so the renewal can be reached. */
const access = (name: string) => `h.${btoa(JSON.stringify({ iat: 1_000, exp: 1_000 + 15 * 60, name }))}.s`

describeMachinePaths("auth", {
  machine: authMachine.provide({ actions: { persistSession: () => {}, clearStoredSession: () => {}, goToLogin: () => {} } }),
  input: { stored: null, now: () => 1_000_000, readTypedInput: () => ({ path: "/ticket/q1", fields: [{ label: "Message", value: "Half of my answer" }] }) },
  events: [
    { type: "auth.signedIn", accessToken: access("a"), refreshToken: "refresh", user, remember: true },
    { type: "auth.signedIn", accessToken: access("a"), refreshToken: "refresh", user, remember: false, mustEnrolTwoFactor: true },
    { type: "auth.logout" },
    { type: "auth.unauthorized" },
    { type: "auth.signOutHere" },
    { type: "auth.sessionRenewed", accessToken: access("renewed"), refreshToken: "refresh2", user },
    { type: "after.refreshDue" },
    { type: "auth.tokenNeeded" },
    {
      type: "refreshSession.done",
      output: { success: true, message: "Session renewed.", data: { accessToken: access("next"), refreshToken: "refresh3", user } },
    },
    { type: "refreshSession.error", error: new ApiError("http", 401, "Unauthorized", "Your session has ended. Please sign in again.") },
    { type: "refreshSession.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "after.refreshRetry" },
    { type: "endServerSession.done", output: { success: true, message: "Logged out successfully." } },
    { type: "endServerSession.error", error: new Error("offline") },
    { type: "after.untilWarning" },
    { type: "after.sessionRemaining" },
    { type: "kept.putBack" },
    { type: "kept.discard" },
  ],
})

describeMachinePaths("auth (restored from storage)", {
  machine: authMachine.provide({ actions: { persistSession: () => {}, clearStoredSession: () => {}, goToLogin: () => {} } }),
  input: {
    stored: {
      accessToken: access("stored"),
      refreshToken: "r",
      user,
      remember: true,
      expiresAt: 1_000_000 + 60 * 60_000,
      accessEndsAt: 1_000_000 + 15 * 60_000,
    },
    now: () => 1_000_000,
    readTypedInput: () => ({ path: "/ticket/q1", fields: [{ label: "Message", value: "Half of my answer" }] }),
  },
  events: [
    { type: "auth.logout" },
    { type: "endServerSession.done", output: {} },
    { type: "after.sessionRemaining" },
    { type: "auth.signedIn", accessToken: "b", refreshToken: "s", user, remember: false },
    { type: "after.untilWarning" },
    { type: "after.refreshDue" },
    { type: "auth.tokenNeeded" },
    { type: "refreshSession.done", output: { success: true, message: "Session renewed.", data: { accessToken: access("next"), refreshToken: "r2", user } } },
    { type: "refreshSession.error", error: new ApiError("http", 401, "Unauthorized", "Your session has ended. Please sign in again.") },
    { type: "refreshSession.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "after.refreshRetry" },
    { type: "kept.discard" },
  ],
})
