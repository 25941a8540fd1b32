import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as userCalls from "../../api/contract/counselling/counselling-users.endpoints.ts"
import { isApiError } from "../../api/api-error.ts"
import type { CounsellingDetails } from "../../api/contract/counselling/counselling-user.ts"
import * as usersApi from "../../api/counselling/counselling-users.api.ts"

export interface CounsellingDetailsContext {
  userId: string
  details: CounsellingDetails | null
  error: string | null
}

/** Spec section 8: an error answer and an unreachable server read differently. */
export const detailsFailure = (error: unknown) =>
  isApiError(error) && error.kind === "http" ? "Failed to load counselling details." : "Something went wrong while fetching counselling details."

/** The user and counsellor cards of Counselling Sessions (/counselling/{userId}): loading → ready | failed. */
export const counsellingDetailsMachine = setup({
  types: {
    context: {} as CounsellingDetailsContext,
    events: {} as { type: "details.reload" },
    input: {} as { userId: string },
  },
  actors: {
    loadDetails: fromCall<CounsellingDetails, string>(userCalls.fetchCounsellingDetails, ({ input }) => usersApi.fetchCounsellingDetails(input)),
  },
}).createMachine({
  id: "counsellingDetails",
  context: ({ input }) => ({ userId: input.userId, details: null, error: null }),
  initial: "loading",
  on: { "details.reload": { target: ".loading" } },
  states: {
    loading: {
      description: "The client's and counsellor's details are fetched.",
      tags: ["busy"],
      invoke: {
        src: "loadDetails",
        input: ({ context }) => context.userId,
        onDone: { target: "ready", actions: assign({ details: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => detailsFailure(event.error), details: null }) },
      },
    },
    ready: { description: "The user card and the counsellor card (or 'Unassigned') show." },
    failed: { description: "The failure shows in red." },
  },
})
