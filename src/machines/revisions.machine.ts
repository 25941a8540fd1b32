import { assign, setup } from "xstate"
import { fromCall } from "./call-actor.ts"
import { messageOf } from "../api/api-error.ts"
import type { Endpoint } from "../api/contract/endpoint.ts"
import type { RevisionSummary } from "../api/contract/revisions.ts"
import type { Tone } from "./account/login.machine.ts"
import type { DiffPart } from "./word-diff.ts"

export interface RevisionComparison {
  from: RevisionSummary
  to: RevisionSummary
  /** Each field that differs, in the form's words. */
  fields: ReadonlyArray<{ label: string; before: string; after: string }>
  /** The body, word by word; null when it is the same in both. */
  body: readonly DiffPart[] | null
  /** What the compared long text is called (the blog's Body, a testimonial's Content). */
  bodyLabel: string
  imageChanged: boolean
}

export interface RevisionsContext {
  itemId: string
  revisions: readonly RevisionSummary[]
  /** The two revisions picked for comparing (older first by default). */
  from: string
  to: string
  comparison: RevisionComparison | null
  /** The revision whose restore waits for confirmation or is under way. */
  restoring: string | null
  /** How many restores succeeded here: the page reloads its form on each. */
  restored: number
  error: string | null
}

export type RevisionsEvent =
  | { type: "revisions.open" }
  | { type: "revisions.retry" }
  | { type: "pick.change"; side: "from" | "to"; id: string }
  | { type: "revisions.compare" }
  | { type: "restore.request"; id: string }
  | { type: "restore.confirm" }
  | { type: "restore.cancel" }

/** A kind of item's revision calls and how two of its revisions compare. */
export interface RevisionsOptions<Full> {
  id: string
  calls: { list: Endpoint; get: Endpoint; restore: Endpoint }
  list: (itemId: string) => Promise<readonly RevisionSummary[]>
  get: (itemId: string, revision: string) => Promise<Full>
  restore: (itemId: string, revision: string) => Promise<unknown>
  compare: (older: Full, newer: Full) => RevisionComparison
  /** The toast after a restore. */
  restoredText: string
}

/**
 * An item's Revisions (issue 28): the list of its revisions, a comparison of any two (fields side by side,
 * the long text word by word), and restoring one after a confirmation. The page provides `notify` (a toast)
 * and shows the item afresh after a restore: through the `restored` action, or when the `restored` count grows.
 */
export const createRevisionsMachine = <Full>(options: RevisionsOptions<Full>) =>
  setup({
    types: { context: {} as RevisionsContext, events: {} as RevisionsEvent, input: {} as { itemId: string } },
    actors: {
      listRevisions: fromCall<readonly RevisionSummary[], { itemId: string }>(options.calls.list, ({ input }) => options.list(input.itemId)),
      fetchPair: fromCall<RevisionComparison, { itemId: string; from: string; to: string }>(options.calls.get, async ({ input }) => {
        const [from, to] = await Promise.all([options.get(input.itemId, input.from), options.get(input.itemId, input.to)])
        return options.compare(from, to)
      }),
      restoreRevision: fromCall<unknown, { itemId: string; revision: string }>(options.calls.restore, ({ input }) =>
        options.restore(input.itemId, input.revision),
      ),
    },
    actions: {
      /** Provided by the page. */
      notify: (_, _params: { text: string; tone: Tone }) => {},
      /** Provided by a page that shows the item beside its revisions (a card screen reloads its cards). */
      restored: () => {},
    },
    guards: {
      twoDifferentPicked: ({ context }) => context.from !== "" && context.to !== "" && context.from !== context.to,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ itemId: input.itemId, revisions: [], from: "", to: "", comparison: null, restoring: null, restored: 0, error: null }),
    initial: "closed",
    states: {
      closed: {
        description: "The Revisions section is folded: nothing is read until it is opened.",
        on: { "revisions.open": { target: "loading" } },
      },
      loading: {
        description: "The item's revisions are read, newest first.",
        tags: ["busy"],
        invoke: {
          src: "listRevisions",
          input: ({ context }) => ({ itemId: context.itemId }),
          onDone: {
            target: "ready",
            actions: assign(({ event }) => ({
              revisions: event.output,
              // The newest against the one before it: what the last change did.
              to: event.output[0]?.id ?? "",
              from: event.output[1]?.id ?? event.output[0]?.id ?? "",
              error: null,
            })),
          },
          onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to load the revisions.") }) },
        },
      },
      failed: {
        description: "The list could not be read; Try again reads it again.",
        on: { "revisions.retry": { target: "loading" } },
      },
      ready: {
        description: "The revisions are listed; two may be picked and compared, and any but the current one restored.",
        on: {
          "pick.change": { actions: assign(({ event }) => (event.side === "from" ? { from: event.id ?? "" } : { to: event.id ?? "" })) },
          "revisions.compare": [
            { guard: "twoDifferentPicked", target: "comparing" },
            { actions: assign({ error: "Pick two different revisions to compare." }) },
          ],
          "restore.request": { target: "confirmingRestore", actions: assign({ restoring: ({ event }) => event.id ?? null, error: null }) },
        },
      },
      comparing: {
        description: "Both revisions are read in full and compared.",
        tags: ["busy"],
        invoke: {
          src: "fetchPair",
          input: ({ context }) => ({ itemId: context.itemId, from: context.from, to: context.to }),
          onDone: { target: "ready", actions: assign({ comparison: ({ event }) => event.output, error: null }) },
          onError: { target: "ready", actions: assign({ comparison: null, error: ({ event }) => messageOf(event.error, "Failed to compare the revisions.") }) },
        },
      },
      confirmingRestore: {
        description: "A confirmation asks before the revision's text replaces the item's.",
        tags: ["confirming"],
        on: {
          "restore.confirm": { target: "restoring" },
          "restore.cancel": { target: "ready", actions: assign({ restoring: null }) },
        },
      },
      restoring: {
        description: "The server makes the revision's text the item's content, as a new revision.",
        tags: ["confirming", "busy"],
        invoke: {
          src: "restoreRevision",
          input: ({ context }) => ({ itemId: context.itemId, revision: context.restoring ?? "" }),
          onDone: {
            target: "loading",
            actions: [
              assign(({ context }) => ({ restoring: null, comparison: null, restored: context.restored + 1 })),
              { type: "notify", params: { text: options.restoredText, tone: "success" } },
              "restored",
            ],
          },
          onError: { target: "ready", actions: assign({ restoring: null, error: ({ event }) => messageOf(event.error, "Failed to restore the revision.") }) },
        },
      },
    },
  })
