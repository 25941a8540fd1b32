import { assign, fromPromise, setup } from "xstate"
import type { CounsellingSession } from "../../api/contract/counselling/counselling-session.ts"
import type { SessionUser } from "../../api/contract/account/user.ts"
import * as sessionsApi from "../../api/counselling/counselling-sessions.api.ts"
import { sessionStatus } from "./counselling-session.machine.ts"

/** Spec section 9: the dashboard reads a person's sessions with page 1, limit 5000. */
export const DASHBOARD_SESSION_LIMIT = 5000

export interface SessionCounts {
  upcoming: number
  past: number
}

export interface SessionCountsContext {
  user: Pick<SessionUser, "_id" | "role">
  now: () => number
  counts: SessionCounts | null
  error: string | null
}

/** Splits sessions by the session machine's rule: dateTime later than now is upcoming. */
export const countSessions = (sessions: readonly CounsellingSession[], now: number): SessionCounts =>
  sessions.reduce(
    (counts, s) => (sessionStatus(s.dateTime, now) === "upcoming" ? { ...counts, upcoming: counts.upcoming + 1 } : { ...counts, past: counts.past + 1 }),
    { upcoming: 0, past: 0 },
  )

/** The User and vendor dashboard cards Upcoming Session and Session History. */
export const sessionCountsMachine = setup({
  types: {
    context: {} as SessionCountsContext,
    events: {} as { type: "counts.reload" },
    input: {} as { user: Pick<SessionUser, "_id" | "role">; now?: () => number },
  },
  actors: {
    loadSessions: fromPromise<CounsellingSession[], Pick<SessionUser, "_id" | "role">>(
      async ({ input }) => (await sessionsApi.fetchMySessionsPage(input, { page: 1, limit: DASHBOARD_SESSION_LIMIT })).rows,
    ),
  },
}).createMachine({
  id: "sessionCounts",
  context: ({ input }) => ({ user: input.user, now: input.now ?? Date.now, counts: null, error: null }),
  initial: "loading",
  on: { "counts.reload": { target: ".loading" } },
  states: {
    loading: {
      description: "A spinner shows while the person's sessions are fetched.",
      tags: ["busy"],
      invoke: {
        src: "loadSessions",
        input: ({ context }) => context.user,
        onDone: { target: "ready", actions: assign({ counts: ({ event, context }) => countSessions(event.output, context.now()), error: null }) },
        onError: { target: "failed", actions: assign({ error: "Something went wrong while fetching sessions." }) },
      },
    },
    ready: { description: "The two cards show their counts." },
    failed: { description: "The failure shows in red." },
  },
})
