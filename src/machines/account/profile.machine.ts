import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as authCalls from "../../api/contract/account/auth.endpoints.ts"
import { certificationImage } from "../../api/contract/partner/partner.endpoints.ts"
import * as authApi from "../../api/account/auth.api.ts"
import * as partnerApi from "../../api/partner/partner.api.ts"
import { isApiError } from "../../api/api-error.ts"
import type { Person } from "../../api/contract/account/user.ts"

export const PROFILE_FAILED = "Failed to fetch user profile."
export const CERTIFICATE_FAILED = "The certification image could not be loaded."

/** Spec section 8: these answers on the profile page clear the session and go to /login. */
const UNAUTHORIZED_MESSAGES = ["Unauthorized", "Unauthorized access. Please log in."]
export const isUnauthorized = (error: unknown): boolean => isApiError(error) && (error.status === 401 || UNAUTHORIZED_MESSAGES.includes(error.message))

export interface ProfileContext {
  profile: Person | null
  error: string | null
  certificate: Blob | null
  certificateError: string | null
}

export type ProfileEvent = { type: "profile.reload" }

/**
 * Profile: loads on entry; an unauthorized answer logs out; otherwise 'Failed to fetch user profile.'.
 * Once shown, the private certification image is fetched through its own call when there is one.
 */
export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromCall<Person>(authCalls.getProfile, async () => (await authApi.getProfile()).data),
    loadCertificate: fromCall<Blob, { userId: string }>(certificationImage, ({ input }) => partnerApi.getCertificationImage(input.userId)),
  },
  actions: {
    /** Provided by the app: clear tokens and user and go to /login. */
    logout: () => {},
  },
  guards: {
    isUnauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
    hasCertificate: ({ context }) => Boolean(context.profile?.DocumentDetails?.certificationImg),
  },
}).createMachine({
  id: "profile",
  context: { profile: null, error: null, certificate: null, certificateError: null },
  initial: "loading",
  states: {
    loading: {
      description: "The profile is fetched on entry; a spinner shows.",
      tags: ["busy"],
      entry: assign({ error: null }),
      invoke: {
        src: "loadProfile",
        onDone: { target: "ready", actions: assign({ profile: ({ event }) => event.output }) },
        onError: [
          { guard: "isUnauthorized", target: "signedOut", actions: "logout" },
          { target: "failed", actions: assign({ error: PROFILE_FAILED }) },
        ],
      },
    },
    failed: {
      description: "'Failed to fetch user profile.' in red, with a way to try again.",
      on: { "profile.reload": "loading" },
    },
    signedOut: {
      description: "The answer was 'Unauthorized': tokens and user are cleared and the console is at /login.",
      type: "final",
    },
    ready: {
      description: "Every profile field is shown; the certification image follows.",
      initial: "checkingCertificate",
      states: {
        checkingCertificate: {
          description: "Is there a certification image to fetch?",
          always: [{ guard: "hasCertificate", target: "loadingCertificate" }, { target: "noCertificate" }],
        },
        loadingCertificate: {
          description: "The private image is fetched through its call (Admin or owner only).",
          invoke: {
            src: "loadCertificate",
            input: ({ context }) => ({ userId: context.profile!._id }),
            onDone: { target: "certificateShown", actions: assign({ certificate: ({ event }) => event.output }) },
            onError: { target: "certificateFailed", actions: assign({ certificateError: CERTIFICATE_FAILED }) },
          },
        },
        certificateShown: { description: "The certification proof image is shown." },
        certificateFailed: { description: "The image could not be fetched; the rest of the profile stays." },
        noCertificate: { description: "No certification image was uploaded: 'N/A'." },
      },
    },
  },
})
