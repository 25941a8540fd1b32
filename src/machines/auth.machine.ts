import { assign, fromPromise, setup } from "xstate"
import * as authApi from "../api/auth.api.ts"
import type { SessionUser } from "../api/contract/user.ts"
import { clearSession, saveSession, type StoredSession } from "../api/session-storage.ts"

/** Spec section 9: automatic logout 2 hours after login. */
export const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000
/** How long before the automatic logout the console warns, so work can be saved first. */
export const SESSION_WARNING_MS = 5 * 60 * 1000

export interface AuthContext {
  session: StoredSession | null
  now: () => number
}

export type AuthEvent =
  | { type: "auth.signedIn"; accessToken: string; refreshToken: string; user: SessionUser; remember: boolean; mustEnrolTwoFactor?: boolean }
  | { type: "auth.logout" }
  | { type: "auth.unauthorized" }
  | { type: "auth.signOutHere" }
  /** Every other session was ended (a password change, "Sign out of other devices"): this tab's new tokens. */
  | { type: "auth.sessionRenewed"; accessToken: string; refreshToken: string; user: SessionUser }

/**
 * Session lifetime: tokens and user are stored on sign-in; the session ends on Logout, on any 401,
 * or 2 hours after sign-in (counted from the sign-in itself, so a reload does not extend it).
 * Logout first asks the server to end the session everywhere (revoking its tokens); the console
 * forgets the session whether or not that call succeeds. Signing out here (a role a blog page refuses,
 * spec section 4) forgets the session in this browser only: nothing is revoked, other devices stay in.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { stored: StoredSession | null; now?: () => number },
  },
  actors: {
    endServerSession: fromPromise<unknown>(() => authApi.logout()),
  },
  actions: {
    storeSession: assign({
      session: ({ event, context }) =>
        event.type === "auth.signedIn"
          ? {
              accessToken: event.accessToken,
              refreshToken: event.refreshToken,
              user: event.user,
              remember: event.remember,
              expiresAt: context.now() + SESSION_LIFETIME_MS,
              ...(event.mustEnrolTwoFactor ? { mustEnrolTwoFactor: true } : {}),
            }
          : context.session,
    }),
    /** The tokens change; the 2-hour automatic logout still counts from the sign-in. */
    renewTokens: assign({
      session: ({ event, context }) =>
        event.type === "auth.sessionRenewed" && context.session
          ? { ...context.session, accessToken: event.accessToken, refreshToken: event.refreshToken, user: event.user }
          : context.session,
    }),
    persistSession: ({ context }) => {
      if (context.session) saveSession(context.session)
    },
    forgetSession: assign({ session: null }),
    clearStoredSession: () => clearSession(),
    /** Provided by the app: go to /login. */
    goToLogin: () => {},
  },
  guards: {
    hasLiveSession: ({ context }) => context.session !== null && context.session.expiresAt > context.now(),
  },
  delays: {
    sessionRemaining: ({ context }) => Math.max(0, (context.session?.expiresAt ?? 0) - context.now()),
    untilWarning: ({ context }) => Math.max(0, (context.session?.expiresAt ?? 0) - SESSION_WARNING_MS - context.now()),
  },
}).createMachine({
  id: "auth",
  context: ({ input }) => ({ session: input.stored, now: input.now ?? Date.now }),
  initial: "restoring",
  states: {
    restoring: {
      description: "Reads the stored sign-in once at start; an expired one is discarded.",
      always: [
        { guard: "hasLiveSession", target: "signedIn" },
        { target: "signedOut", actions: ["forgetSession", "clearStoredSession"] },
      ],
    },
    signedOut: {
      description: "No tokens are held; every page needing login redirects to /login.",
      on: {
        "auth.signedIn": { target: "signedIn", actions: ["storeSession", "persistSession"] },
      },
    },
    signedIn: {
      description: "Tokens and user are stored; the session ends 2 hours after sign-in, on Logout or on any 401.",
      after: {
        sessionRemaining: { target: "signedOut", actions: ["forgetSession", "clearStoredSession", "goToLogin"] },
      },
      initial: "active",
      states: {
        active: {
          description: "More than 5 minutes of the 2 hours are left.",
          after: { untilWarning: { target: "expiring" } },
        },
        expiring: {
          description: "The last 5 minutes: a banner says when the session ends, so work can be saved first.",
          tags: ["expiring"],
        },
      },
      on: {
        "auth.logout": { target: "signingOut" },
        "auth.unauthorized": { target: "signedOut", actions: ["forgetSession", "clearStoredSession", "goToLogin"] },
        "auth.signOutHere": { target: "signedOut", actions: ["forgetSession", "clearStoredSession", "goToLogin"] },
        "auth.signedIn": { target: "signedIn", reenter: true, actions: ["storeSession", "persistSession"] },
        "auth.sessionRenewed": { actions: ["renewTokens", "persistSession"] },
      },
    },
    signingOut: {
      description: "POST /user/logout with the session's token (revokes it on every instance); best effort: done or failed, the session is forgotten.",
      invoke: {
        src: "endServerSession",
        onDone: { target: "signedOut", actions: ["forgetSession", "clearStoredSession", "goToLogin"] },
        onError: { target: "signedOut", actions: ["forgetSession", "clearStoredSession", "goToLogin"] },
      },
      on: {
        // The logout call itself may answer 401 (the token was already revoked): that ends it too.
        "auth.unauthorized": { target: "signedOut", actions: ["forgetSession", "clearStoredSession", "goToLogin"] },
      },
    },
  },
})
