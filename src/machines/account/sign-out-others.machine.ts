import { setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as authCalls from "../../api/contract/account/auth.endpoints.ts"
import * as authApi from "../../api/account/auth.api.ts"
import { isApiError, messageOf } from "../../api/api-error.ts"
import type { RenewedSessionAnswer } from "../../api/contract/account/user.ts"

export const SIGN_OUT_OTHERS_QUESTION =
  "Sign out of every other device? Browsers and devices where you are signed in will need your password again; you stay signed in here."
export const SIGN_OUT_OTHERS_FAILED = "Could not sign out of the other devices. Please try again."
const NETWORK_TEXT = "We can't reach the server right now. Please try again."

export type SignOutOthersEvent = { type: "signOutOthers.request" } | { type: "signOutOthers.confirm" } | { type: "signOutOthers.cancel" }

/**
 * "Sign out of other devices" in the user menu: asks first, then POST /user/logout-others. The server
 * ends every session of the person and answers a new one for this device, which replaces the tokens
 * this tab holds (the 2-hour automatic logout still counts from the sign-in).
 */
export const signOutOthersMachine = setup({
  types: { events: {} as SignOutOthersEvent },
  actors: {
    signOutOthers: fromCall<RenewedSessionAnswer>(authCalls.logoutOtherDevices, () => authApi.logoutOtherDevices()),
  },
  actions: {
    /** Provided by the app: this tab goes on with the answer's session. */
    renewSession: (_, _session: RenewedSessionAnswer["data"]) => {},
    /** Provided by the view: show a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
  },
}).createMachine({
  id: "signOutOthers",
  initial: "idle",
  states: {
    idle: {
      description: "The user menu offers 'Sign out of other devices'.",
      on: { "signOutOthers.request": { target: "confirming" } },
    },
    confirming: {
      description: "A dialog asks first; Cancel closes it without a call.",
      on: {
        "signOutOthers.confirm": { target: "signingOut" },
        "signOutOthers.cancel": { target: "idle" },
      },
    },
    signingOut: {
      description: "POST /user/logout-others; the confirm button reads 'Signing out...' and is disabled.",
      tags: ["busy"],
      invoke: {
        src: "signOutOthers",
        onDone: {
          target: "idle",
          actions: [
            { type: "renewSession", params: ({ event }) => event.output.data },
            { type: "notify", params: ({ event }) => ({ text: event.output.message, tone: "success" as const }) },
          ],
        },
        onError: {
          target: "idle",
          actions: {
            type: "notify",
            params: ({ event }) => ({
              text: isApiError(event.error) && event.error.kind === "network" ? NETWORK_TEXT : messageOf(event.error, SIGN_OUT_OTHERS_FAILED),
              tone: "error" as const,
            }),
          },
        },
      },
    },
  },
})
