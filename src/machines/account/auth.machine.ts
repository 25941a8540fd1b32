import { assign, fromPromise, setup } from "xstate"
import * as authApi from "../../api/account/auth.api.ts"
import { accessTokenEndsAt } from "../../api/access-token.ts"
import { isApiError } from "../../api/api-error.ts"
import type { RenewedSessionAnswer, SessionUser } from "../../api/contract/account/user.ts"
import { clearSession, saveSession, type StoredSession } from "../../api/session-storage.ts"

/** Spec section 9: automatic logout 2 hours after login. */
export const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000
/** How long before the automatic logout the console warns, so work can be saved first. */
export const SESSION_WARNING_MS = 5 * 60 * 1000
/** The access token (15 minutes) is renewed this long before it ends. */
export const REFRESH_AHEAD_MS = 60 * 1000
/** A refresh that got no answer (offline, 503) is tried again after this long, while the token lasts. */
export const REFRESH_RETRY_MS = 15 * 1000

/** The access token's end on this device's clock, counted from now (absent for a token that does not say). */
const accessEnd = (token: string, now: number) => {
  const endsAt = accessTokenEndsAt(token, now)
  return endsAt === null ? {} : { accessEndsAt: endsAt }
}

/** One field's typed text, named by its label, kept when the session ended by itself. */
export interface KeptField {
  label: string
  value: string
}

/** What was typed on the page when the session ended by itself, given back after the same person signs in again. */
export interface KeptInput {
  userId: string
  path: string
  fields: KeptField[]
}

export interface AuthContext {
  session: StoredSession | null
  now: () => number
  /** Reads what is typed on the page now (the app's; absent in tests). */
  readTypedInput: () => { path: string; fields: KeptField[] } | null
  kept: KeptInput | null
}

export type AuthEvent =
  | { type: "auth.signedIn"; accessToken: string; refreshToken: string; user: SessionUser; remember: boolean; mustEnrolTwoFactor?: boolean }
  | { type: "auth.logout" }
  | { type: "auth.unauthorized" }
  | { type: "auth.signOutHere" }
  /** Every other session was ended (a password change, "Sign out of other devices"): this tab's new tokens. */
  | { type: "auth.sessionRenewed"; accessToken: string; refreshToken: string; user: SessionUser }
  /** A call is about to go out with an access token that has ended (the device slept, the tab was reopened): renew it now. */
  | { type: "auth.tokenNeeded" }
  /** Put the kept input back into the fields of this page that carry the same labels. */
  | { type: "kept.putBack" }
  | { type: "kept.discard" }

/**
 * Session lifetime: tokens and user are stored on sign-in; the session ends on Logout, on any 401,
 * or 2 hours after sign-in (counted from the sign-in itself, so a reload does not extend it).
 * The access token lives 15 minutes: a minute before it ends the refresh token buys the next one
 * (the server retires each refresh token it takes, and never answers past the sign-in's 2 hours).
 * Logout first asks the server to end the session everywhere (revoking its tokens); the console
 * forgets the session whether or not that call succeeds. Signing out here (a role a blog page refuses,
 * spec section 4) forgets the session in this browser only: nothing is revoked, other devices stay in.
 * When the session ends without the person asking (its 2 hours, a 401, a refused renewal), what they had
 * typed on the page is kept in memory and offered back after they, and only they, sign in again.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { stored: StoredSession | null; now?: () => number; readTypedInput?: () => { path: string; fields: KeptField[] } | null },
  },
  actors: {
    endServerSession: fromPromise<unknown>(() => authApi.logout()),
    refreshSession: fromPromise<RenewedSessionAnswer, { refreshToken: string }>(({ input }) => authApi.refreshSession(input.refreshToken)),
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
              ...accessEnd(event.accessToken, context.now()),
              ...(event.mustEnrolTwoFactor ? { mustEnrolTwoFactor: true } : {}),
            }
          : context.session,
    }),
    /** The tokens change; the 2-hour automatic logout still counts from the sign-in. */
    renewTokens: assign({
      session: ({ event, context }) =>
        event.type === "auth.sessionRenewed" && context.session
          ? {
              ...context.session,
              accessToken: event.accessToken,
              refreshToken: event.refreshToken,
              user: event.user,
              ...accessEnd(event.accessToken, context.now()),
            }
          : context.session,
    }),
    /** The refresh's answer: the next tokens of the same sign-in (its 2 hours unchanged). */
    storeRefreshed: assign({
      session: ({ context }, renewed: RenewedSessionAnswer["data"]) =>
        context.session
          ? {
              ...context.session,
              accessToken: renewed.accessToken,
              refreshToken: renewed.refreshToken,
              user: renewed.user,
              ...accessEnd(renewed.accessToken, context.now()),
            }
          : null,
    }),
    persistSession: ({ context }) => {
      if (context.session) saveSession(context.session)
    },
    forgetSession: assign({ session: null }),
    /**
     * The session ended without the person asking (2 hours passed, the server refused it): what they had typed
     * on the page is kept, for them alone, until they sign in again.
     */
    keepTypedInput: assign({
      kept: ({ context }) => {
        const userId = context.session?.user?._id
        const typed = userId ? context.readTypedInput() : null
        return typed && typed.fields.length > 0 && userId ? { userId, ...typed } : context.kept
      },
    }),
    /** Kept input is only ever shown to the person who typed it. */
    dropKeptOfOthers: assign({
      kept: ({ context, event }) => (event.type === "auth.signedIn" && context.kept?.userId !== event.user?._id ? null : context.kept),
    }),
    forgetKept: assign({ kept: null }),
    /** Provided by the app: fill this page's fields that carry the kept labels. */
    putBackKept: (_, _kept: KeptInput) => {},
    clearStoredSession: () => clearSession(),
    /** Provided by the app: go to /login. */
    goToLogin: () => {},
  },
  guards: {
    hasLiveSession: ({ context }) => context.session !== null && context.session.expiresAt > context.now(),
    keptIsMine: ({ context }) => context.kept !== null && context.kept.userId === context.session?.user?._id,
    /** The access token ends before the sign-in does, so renewing it keeps the session going. */
    refreshHelps: ({ context }) => {
      const endsAt = context.session?.accessEndsAt
      return endsAt !== undefined && context.session !== null && endsAt < context.session.expiresAt - REFRESH_AHEAD_MS
    },
    /** The server refused the refresh (the sign-in was ended or its token reused): nothing to retry. */
    refreshRefused: (_, error: unknown) => isApiError(error) && error.kind === "http" && error.status >= 400 && error.status < 500,
  },
  delays: {
    sessionRemaining: ({ context }) => Math.max(0, (context.session?.expiresAt ?? 0) - context.now()),
    untilWarning: ({ context }) => Math.max(0, (context.session?.expiresAt ?? 0) - SESSION_WARNING_MS - context.now()),
    refreshDue: ({ context }) => Math.max(0, (context.session?.accessEndsAt ?? 0) - REFRESH_AHEAD_MS - context.now()),
    refreshRetry: REFRESH_RETRY_MS,
  },
}).createMachine({
  id: "auth",
  context: ({ input }) => ({ session: input.stored, now: input.now ?? Date.now, readTypedInput: input.readTypedInput ?? (() => null), kept: null }),
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
        "auth.signedIn": { target: "signedIn", actions: ["dropKeptOfOthers", "storeSession", "persistSession"] },
      },
    },
    signedIn: {
      description: "Tokens and user are stored; the session ends 2 hours after sign-in, on Logout or on any 401.",
      after: {
        sessionRemaining: { target: "signedOut", actions: ["keepTypedInput", "forgetSession", "clearStoredSession", "goToLogin"] },
      },
      type: "parallel",
      states: {
        clock: {
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
        },
        tokens: {
          initial: "fresh",
          on: {
            // New tokens (a password change): the renewal is timed from the new access token.
            "auth.sessionRenewed": { target: ".fresh", actions: ["renewTokens", "persistSession"] },
          },
          states: {
            fresh: {
              description:
                "The access token is good; a minute before it ends (unless the sign-in ends first) it is renewed, or at once when a call finds it ended.",
              after: { refreshDue: { guard: "refreshHelps", target: "refreshing" } },
              on: { "auth.tokenNeeded": { guard: "refreshHelps", target: "refreshing" } },
            },
            refreshing: {
              description: "POST /user/refresh-token with the refresh token: the next access and refresh tokens, stored like the first.",
              invoke: {
                src: "refreshSession",
                input: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? "" }),
                onDone: { target: "fresh", actions: [{ type: "storeRefreshed", params: ({ event }) => event.output.data }, "persistSession"] },
                onError: [
                  {
                    guard: { type: "refreshRefused", params: ({ event }: { event: { error: unknown } }) => event.error },
                    target: "#auth.signedOut",
                    actions: ["keepTypedInput", "forgetSession", "clearStoredSession", "goToLogin"],
                  },
                  { target: "retrying" },
                ],
              },
            },
            retrying: {
              description: "The refresh got no answer (offline, server busy): tried again shortly, or at once when a call needs a token.",
              after: { refreshRetry: { target: "refreshing" } },
              on: { "auth.tokenNeeded": { target: "refreshing" } },
            },
          },
        },
      },
      on: {
        "auth.logout": { target: "signingOut", actions: "forgetKept" },
        "auth.unauthorized": { target: "signedOut", actions: ["keepTypedInput", "forgetSession", "clearStoredSession", "goToLogin"] },
        "auth.signOutHere": { target: "signedOut", actions: ["forgetKept", "forgetSession", "clearStoredSession", "goToLogin"] },
        "auth.signedIn": { target: "signedIn", reenter: true, actions: ["dropKeptOfOthers", "storeSession", "persistSession"] },
        "kept.putBack": { guard: "keptIsMine", actions: { type: "putBackKept", params: ({ context }) => context.kept! } },
        "kept.discard": { actions: "forgetKept" },
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
