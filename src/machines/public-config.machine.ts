import { assign, fromPromise, setup } from "xstate"
import * as partnerApi from "../api/partner.api.ts"
import type { PublicConfig } from "../api/contract/partner.ts"

/** This console's own partner page: used until (or if never) the server says otherwise. */
export const DEFAULT_PARTNER_SIGNUP_URL = "/partner-signup"

/** Reads the server's public settings once, so 'Sign up here' follows PARTNER_SIGNUP_URL. */
export const publicConfigMachine = setup({
  types: { context: {} as { partnerSignupUrl: string } },
  actors: {
    loadConfig: fromPromise<PublicConfig>(async () => (await partnerApi.getPublicConfig()).data),
  },
}).createMachine({
  id: "publicConfig",
  context: { partnerSignupUrl: DEFAULT_PARTNER_SIGNUP_URL },
  initial: "loading",
  states: {
    loading: {
      description: "The server's settings are fetched; the link points at this console's own page meanwhile.",
      invoke: {
        src: "loadConfig",
        onDone: { target: "loaded", actions: assign({ partnerSignupUrl: ({ event }) => event.output.partnerSignupUrl }) },
        onError: { target: "unavailable" },
      },
    },
    loaded: { description: "The link leads where the server says.", type: "final" },
    unavailable: { description: "The settings could not be read: the link keeps this console's own page.", type: "final" },
  },
})
