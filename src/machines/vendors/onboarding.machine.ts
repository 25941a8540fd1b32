import { assign, setup } from "xstate"
import * as changeApi from "../../api/vendors/profile-change.api.ts"
import { ownOnboarding } from "../../api/contract/vendors/profile-change.endpoints.ts"
import type { Onboarding } from "../../api/contract/vendors/onboarding.ts"
import { fromCall } from "../call-actor.ts"

export const ONBOARDING_FAILED = "Your onboarding checklist could not be loaded."

export interface OnboardingContext {
  checklist: Onboarding | null
  error: string | null
}

/** A vendor's onboarding checklist on their dashboard (issue 26): loaded on entry, again on request. */
export const onboardingMachine = setup({
  types: { context: {} as OnboardingContext, events: {} as { type: "onboarding.reload" } },
  actors: {
    loadChecklist: fromCall<Onboarding>(ownOnboarding, async () => (await changeApi.fetchOwnOnboarding()).data),
  },
}).createMachine({
  id: "onboarding",
  context: { checklist: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "The checklist is fetched; the card says so.",
      tags: ["busy"],
      invoke: {
        src: "loadChecklist",
        onDone: { target: "shown", actions: assign(({ event }) => ({ checklist: event.output, error: null })) },
        onError: { target: "failed", actions: assign({ error: ONBOARDING_FAILED }) },
      },
    },
    shown: {
      description: "Each step done, under review or to do, with what is missing and where to give it.",
      on: { "onboarding.reload": "loading" },
    },
    failed: {
      description: "The checklist could not be loaded: said in red, with Try again.",
      on: { "onboarding.reload": "loading" },
    },
  },
})
