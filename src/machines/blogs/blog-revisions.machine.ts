import { assign, setup } from "xstate"
import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import * as blogApi from "../../api/blogs/blog.api.ts"
import { messageOf } from "../../api/api-error.ts"
import { REVISION_RESTORED, type BlogRevision, type BlogRevisionSummary } from "../../api/contract/blogs/blog-revisions.ts"
import type { Tone } from "../account/login.machine.ts"
import { wordDiff, type DiffPart } from "../word-diff.ts"

/** The fields a comparison lists besides the body, as the blog form names them. */
const comparedFields = [
  ["blogName", "Blog Name"],
  ["title", "Title"],
  ["keyword", "Keyword"],
  ["description", "Description"],
  ["status", "Status"],
] as const

export interface RevisionComparison {
  from: BlogRevisionSummary
  to: BlogRevisionSummary
  /** Each field that differs, in the form's words. */
  fields: ReadonlyArray<{ label: string; before: string; after: string }>
  /** The body, word by word; null when it is the same in both. */
  body: readonly DiffPart[] | null
  imageChanged: boolean
}

export interface BlogRevisionsContext {
  blogId: string
  revisions: readonly BlogRevisionSummary[]
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

export type BlogRevisionsEvent =
  | { type: "revisions.open" }
  | { type: "revisions.retry" }
  | { type: "pick.change"; side: "from" | "to"; id: string }
  | { type: "revisions.compare" }
  | { type: "restore.request"; id: string }
  | { type: "restore.confirm" }
  | { type: "restore.cancel" }

const shown = (value: string | boolean) => (value === true ? "Published" : value === false ? "Unpublished" : value)

export function compareRevisions(older: BlogRevision, newer: BlogRevision): RevisionComparison {
  return {
    from: older,
    to: newer,
    fields: comparedFields.filter(([key]) => older[key] !== newer[key]).map(([key, label]) => ({ label, before: shown(older[key]), after: shown(newer[key]) })),
    body: older.aboutText === newer.aboutText ? null : wordDiff(older.aboutText, newer.aboutText),
    imageChanged: older.image !== newer.image,
  }
}

/**
 * A blog's Revisions (issue 28), beside its update form: the list of its revisions, a comparison of any two
 * (fields side by side, the body word by word), and restoring one after a confirmation. The page provides
 * `notify` (a toast) and reloads its form when `restored` grows.
 */
export const blogRevisionsMachine = setup({
  types: { context: {} as BlogRevisionsContext, events: {} as BlogRevisionsEvent, input: {} as { blogId: string } },
  actors: {
    listRevisions: fromCall<readonly BlogRevisionSummary[], { blogId: string }>(
      blogCalls.listBlogRevisions,
      async ({ input }) => (await blogApi.listBlogRevisions(input.blogId)).data,
    ),
    fetchPair: fromCall<RevisionComparison, { blogId: string; from: string; to: string }>(blogCalls.getBlogRevision, async ({ input }) => {
      const [from, to] = await Promise.all([blogApi.getBlogRevision(input.blogId, input.from), blogApi.getBlogRevision(input.blogId, input.to)])
      return compareRevisions(from.data, to.data)
    }),
    restoreRevision: fromCall<unknown, { blogId: string; revision: string }>(blogCalls.restoreBlogRevision, ({ input }) =>
      blogApi.restoreBlogRevision(input.blogId, input.revision),
    ),
  },
  actions: {
    /** Provided by the page. */
    notify: (_, _params: { text: string; tone: Tone }) => {},
  },
  guards: {
    twoDifferentPicked: ({ context }) => context.from !== "" && context.to !== "" && context.from !== context.to,
  },
}).createMachine({
  id: "blogRevisions",
  context: ({ input }) => ({ blogId: input.blogId, revisions: [], from: "", to: "", comparison: null, restoring: null, restored: 0, error: null }),
  initial: "closed",
  states: {
    closed: {
      description: "The Revisions section is folded: nothing is read until it is opened.",
      on: { "revisions.open": { target: "loading" } },
    },
    loading: {
      description: "The blog's revisions are read, newest first.",
      tags: ["busy"],
      invoke: {
        src: "listRevisions",
        input: ({ context }) => ({ blogId: context.blogId }),
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
        "revisions.compare": [{ guard: "twoDifferentPicked", target: "comparing" }, { actions: assign({ error: "Pick two different revisions to compare." }) }],
        "restore.request": { target: "confirmingRestore", actions: assign({ restoring: ({ event }) => event.id ?? null, error: null }) },
      },
    },
    comparing: {
      description: "Both revisions are read in full and compared.",
      tags: ["busy"],
      invoke: {
        src: "fetchPair",
        input: ({ context }) => ({ blogId: context.blogId, from: context.from, to: context.to }),
        onDone: { target: "ready", actions: assign({ comparison: ({ event }) => event.output, error: null }) },
        onError: { target: "ready", actions: assign({ comparison: null, error: ({ event }) => messageOf(event.error, "Failed to compare the revisions.") }) },
      },
    },
    confirmingRestore: {
      description: "A confirmation asks before the revision's text replaces the blog's.",
      tags: ["confirming"],
      on: {
        "restore.confirm": { target: "restoring" },
        "restore.cancel": { target: "ready", actions: assign({ restoring: null }) },
      },
    },
    restoring: {
      description: "The server makes the revision's text the blog's content, as a new revision.",
      tags: ["confirming", "busy"],
      invoke: {
        src: "restoreRevision",
        input: ({ context }) => ({ blogId: context.blogId, revision: context.restoring ?? "" }),
        onDone: {
          target: "loading",
          actions: [
            assign(({ context }) => ({ restoring: null, comparison: null, restored: context.restored + 1 })),
            { type: "notify", params: { text: REVISION_RESTORED, tone: "success" } },
          ],
        },
        onError: { target: "ready", actions: assign({ restoring: null, error: ({ event }) => messageOf(event.error, "Failed to restore the revision.") }) },
      },
    },
  },
})
