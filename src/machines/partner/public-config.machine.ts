import { assign, fromPromise, setup } from "xstate"
import * as partnerApi from "../../api/partner/partner.api.ts"
import { DEFAULT_NOTICE_HOURS, type PublicConfig } from "../../api/contract/partner/partner.ts"

/** This console's own partner page: used until (or if never) the server says otherwise. */
export const DEFAULT_PARTNER_SIGNUP_URL = "/partner-signup"

/**
 * Reads the server's public settings once, so 'Sign up here' follows PARTNER_SIGNUP_URL and the session
 * actions follow SESSION_NOTICE_HOURS.
 */
export const publicConfigMachine = setup({
  types: { context: {} as PublicConfig },
  actors: {
    loadConfig: fromPromise<PublicConfig>(async () => (await partnerApi.getPublicConfig()).data),
  },
}).createMachine({
  id: "publicConfig",
  context: { partnerSignupUrl: DEFAULT_PARTNER_SIGNUP_URL, sessionNoticeHours: DEFAULT_NOTICE_HOURS },
  initial: "loading",
  states: {
    loading: {
      description: "The server's settings are fetched; the link points at this console's own page meanwhile, and the notice window is 12 hours.",
      invoke: {
        src: "loadConfig",
        onDone: { target: "loaded", actions: assign(({ event }) => event.output) },
        onError: { target: "unavailable" },
      },
    },
    loaded: { description: "The link leads where the server says.", type: "final" },
    unavailable: {
      description: "The settings could not be read: the link keeps this console's own page, the notice window 12 hours (the server still decides).",
      type: "final",
    },
  },
})
