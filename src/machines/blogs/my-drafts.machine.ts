import { assign, setup } from "xstate"
import { listDrafts } from "../../api/contract/drafts/drafts.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import type { DraftSummary } from "../../api/contract/drafts/drafts.ts"
import * as draftsApi from "../../api/drafts/drafts.api.ts"

export const DRAFTS_FAILED = "Failed to load your drafts."

/** Where a draft is continued: Add Blog for a new blog's, the blog's update page for changes to one. */
export const draftHref = (key: string): string => {
  const id = key.slice(key.indexOf(":") + 1)
  return id === "new" ? "/add-blog" : `/blog/${id}`
}

/** The Blogs list's "Your drafts" (issue 28): the person's unpublished drafts, apart from the published blogs. */
export const myDraftsMachine = setup({
  types: { context: {} as { drafts: readonly DraftSummary[]; error: string | null }, events: {} as { type: "drafts.reload" } },
  actors: {
    fetchDrafts: fromCall<readonly DraftSummary[], void>(listDrafts, async () => (await draftsApi.listDrafts("blog")).data),
  },
}).createMachine({
  id: "myDrafts",
  context: { drafts: [], error: null },
  initial: "loading",
  states: {
    loading: {
      description: "The person's drafts are fetched.",
      tags: ["busy"],
      invoke: {
        src: "fetchDrafts",
        onDone: { target: "ready", actions: assign({ drafts: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, DRAFTS_FAILED) }) },
      },
    },
    ready: {
      description: "Each draft with its title and when it was saved, leading to its form; nothing shows when there are none.",
      on: { "drafts.reload": "loading" },
    },
    failed: { description: "The failure in words, with Try again.", on: { "drafts.reload": "loading" } },
  },
})
