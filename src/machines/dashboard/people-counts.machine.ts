import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import { peopleCounts } from "../../api/contract/dashboard/dashboard.endpoints.ts"
import { fetchUnassignedUsers } from "../../api/contract/counselling/counselling-users.endpoints.ts"
import type { PeopleCounts } from "../../api/contract/dashboard/dashboard.ts"
import * as dashboardApi from "../../api/dashboard/dashboard.api.ts"
import { fetchUnassignedUserCount } from "../../api/counselling/counselling-users.api.ts"

export const COUNTS_FAILED = "Failed to fetch dashboard counts."

export interface PeopleCountsContext {
  counts: PeopleCounts | null
  error: string | null
  /** Users waiting for a counsellor (the unassigned-users total); null when that call failed (shown "—"). */
  unassigned: number | null
}

/**
 * The Admin dashboard's people counts: one call for every count kept by the server, and the
 * UnAssign Users count from its own actor, each region loading on its own.
 */
export const peopleCountsMachine = setup({
  types: { context: {} as PeopleCountsContext, events: {} as { type: "counts.reload" } },
  actors: {
    fetchCounts: fromCall<PeopleCounts>(peopleCounts, async () => (await dashboardApi.fetchPeopleCounts()).data),
    /** The unassigned-users total (page 1, limit 1 of the unassigned list). */
    countUnassigned: fromCall<number | null>(fetchUnassignedUsers, () => fetchUnassignedUserCount()),
  },
}).createMachine({
  id: "peopleCounts",
  context: { counts: null, error: null, unassigned: null },
  type: "parallel",
  states: {
    counts: {
      description: "Counts of people per role and status, and of enquiries.",
      initial: "loading",
      states: {
        loading: {
          description: "Each card shows a spinner until the counts arrive.",
          tags: ["busy"],
          invoke: {
            src: "fetchCounts",
            onDone: { target: "loaded", actions: assign({ counts: ({ event }) => event.output, error: null }) },
            onError: { target: "failed", actions: assign({ error: COUNTS_FAILED }) },
          },
        },
        loaded: { description: "Every card shows its count and links to its list.", on: { "counts.reload": { target: "loading" } } },
        failed: { description: "The failure shows in red; reload tries again.", on: { "counts.reload": { target: "loading" } } },
      },
    },
    unassigned: {
      description: "The UnAssign Users count.",
      initial: "loading",
      states: {
        loading: {
          description: "The card shows a spinner until the count arrives.",
          invoke: {
            src: "countUnassigned",
            onDone: { target: "loaded", actions: assign({ unassigned: ({ event }) => event.output }) },
            onError: { target: "loaded", actions: assign({ unassigned: null }) },
          },
        },
        loaded: { description: "The count, or '—' when unknown.", on: { "counts.reload": { target: "loading" } } },
      },
    },
  },
})
