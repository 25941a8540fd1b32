import { authMachine } from "../../src/machines/auth.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const user = { _id: "u1", name: "Asha Admin", email: "admin@demo.test", role: "Admin" as const, organizationId: null }

describeMachinePaths("auth", {
  machine: authMachine.provide({ actions: { persistSession: () => {}, clearStoredSession: () => {}, goToLogin: () => {} } }),
  input: { stored: null, now: () => 1_000_000 },
  events: [
    { type: "auth.signedIn", accessToken: "access", refreshToken: "refresh", user, remember: true },
    { type: "auth.signedIn", accessToken: "access", refreshToken: "refresh", user, remember: false, mustEnrolTwoFactor: true },
    { type: "auth.logout" },
    { type: "auth.unauthorized" },
    { type: "auth.signOutHere" },
    { type: "auth.sessionRenewed", accessToken: "renewed", refreshToken: "refresh2", user },
    { type: "endServerSession.done", output: { success: true, message: "Logged out successfully." } },
    { type: "endServerSession.error", error: new Error("offline") },
    { type: "after.untilWarning" },
    { type: "after.sessionRemaining" },
  ],
})

describeMachinePaths("auth (restored from storage)", {
  machine: authMachine.provide({ actions: { persistSession: () => {}, clearStoredSession: () => {}, goToLogin: () => {} } }),
  input: {
    stored: { accessToken: "a", refreshToken: "r", user, remember: true, expiresAt: 1_000_000 + 60_000 },
    now: () => 1_000_000,
  },
  events: [{ type: "auth.logout" }, { type: "endServerSession.done", output: {} }, { type: "after.sessionRemaining" }, { type: "auth.signedIn", accessToken: "b", refreshToken: "s", user, remember: false }],
})
