import { assign, setup } from "xstate"
import * as draftCalls from "../../api/contract/drafts/drafts.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import type { DraftValues, Draft } from "../../api/contract/drafts/drafts.ts"
import * as draftsApi from "../../api/drafts/drafts.api.ts"

/** Typing pauses this long before the draft is saved: one save per burst of typing, and little lost if the tab closes. */
export const DRAFT_SAVE_DELAY_MS = 2000
export const DRAFT_NOT_SAVED = "Your draft could not be saved; it will be tried again as you type."

export interface DraftContext {
  key: string
  /** The form's text as last typed. */
  values: DraftValues
  /** A draft found when the form opened, offered until it is continued or discarded. */
  offered: Draft | null
  /** When the draft was last saved (ISO), for "Draft saved at 10:42". */
  savedAt: string | null
  error: string | null
  /** Flips each time a draft is continued, so the view can redraw fields that read their value once (the editor). */
  restored: 0 | 1
  /** Published while a save was on its way: the draft is removed once that save has landed, never before it. */
  publishing: boolean
}

export type DraftEvent =
  { type: "draft.change"; values: DraftValues } | { type: "draft.continue" } | { type: "draft.discard" } | { type: "draft.flush" } | { type: "draft.published" }

const hasText = (values: DraftValues) => Object.values(values).some((v) => typeof v === "string" && v.replace(/<[^>]*>/g, "").trim() !== "")

/**
 * A content form's draft (issue 28): on opening, the person's saved draft of this form is offered
 * (Continue or Discard); then every change is saved 2 s after typing pauses, and at once when the page
 * is left. Publishing the form removes the draft. The form machine is untouched: the view passes each
 * change it sends there on to this machine, and `restore` puts a continued draft's text into the form.
 */
export const draftMachine = setup({
  types: { context: {} as DraftContext, events: {} as DraftEvent, input: {} as { key: string } },
  actors: {
    fetchDraft: fromCall<Draft | null, { key: string }>(draftCalls.getDraft, async ({ input }) => (await draftsApi.getDraft(input.key)).data),
    saveDraft: fromCall<string, { key: string; values: DraftValues }>(
      draftCalls.saveDraft,
      async ({ input }) => (await draftsApi.saveDraft(input.key, input.values)).data.updatedAt,
    ),
    deleteDraft: fromCall<unknown, { key: string }>(draftCalls.deleteDraft, ({ input }) => draftsApi.deleteDraft(input.key)),
  },
  actions: {
    /** Provided by the view: put the continued draft's text into the form's fields. */
    restore: (_, _params: { values: DraftValues }) => {},
    keepValues: assign({ values: ({ context, event }) => (event.type === "draft.change" ? event.values : context.values) }),
  },
  guards: {
    /** Text was typed before the draft could be saved (while it was looked for, offered or discarded). */
    typedMeanwhile: ({ context }) => hasText(context.values),
    worthOffering: ({ event }) => {
      const draft = (event as { output?: Draft | null }).output
      return draft != null && hasText(draft.values)
    },
  },
  delays: { saveDelay: DRAFT_SAVE_DELAY_MS },
}).createMachine({
  id: "draft",
  context: ({ input }) => ({ key: input.key, values: {}, offered: null, savedAt: null, error: null, restored: 0, publishing: false }),
  initial: "checking",
  on: {
    "draft.published": ".published",
  },
  states: {
    checking: {
      description: "The person's draft of this form is looked for; typing meanwhile is kept.",
      invoke: {
        src: "fetchDraft",
        input: ({ context }) => ({ key: context.key }),
        // What was typed while the draft was looked for is saved after the pause, as if typed now.
        onDone: [
          { guard: "worthOffering", target: "offering", actions: assign({ offered: ({ event }) => event.output }) },
          { guard: "typedMeanwhile", target: "waiting" },
          { target: "watching" },
        ],
        // Drafts are a convenience: when they cannot be read the form works as before.
        onError: [{ guard: "typedMeanwhile", target: "waiting" }, { target: "watching" }],
      },
      on: { "draft.change": { actions: "keepValues" } },
    },
    offering: {
      description: "'You have an unpublished draft of this form, saved at …': Continue it or Discard it.",
      on: {
        "draft.continue": {
          target: "watching",
          actions: [
            { type: "restore", params: ({ context }) => ({ values: context.offered?.values ?? {} }) },
            assign({
              values: ({ context }) => context.offered?.values ?? {},
              savedAt: ({ context }) => context.offered?.updatedAt ?? null,
              offered: null,
              restored: ({ context }) => (context.restored === 0 ? 1 : 0),
            }),
          ],
        },
        "draft.discard": { target: "discarding" },
        "draft.change": { actions: "keepValues" },
      },
    },
    discarding: {
      description: "The offered draft is deleted; the form goes on with what it holds.",
      // However the deletion ends, the offer is gone: the form no longer shows it.
      exit: assign({ offered: null }),
      invoke: {
        src: "deleteDraft",
        input: ({ context }) => ({ key: context.key }),
        onDone: [{ guard: "typedMeanwhile", target: "waiting" }, { target: "watching" }],
        onError: [{ guard: "typedMeanwhile", target: "waiting" }, { target: "watching" }],
      },
      on: { "draft.change": { actions: "keepValues" } },
    },
    watching: {
      description: "Nothing waits to be saved; a change starts the pause before saving.",
      on: {
        "draft.change": { target: "waiting", actions: "keepValues" },
      },
    },
    waiting: {
      description: "Typing goes on: the draft is saved once it pauses for 2 s, or at once when the page is left.",
      after: { saveDelay: "saving" },
      on: {
        "draft.change": { target: "waiting", reenter: true, actions: "keepValues" },
        "draft.flush": "saving",
      },
    },
    saving: {
      description: "The draft is saved on the server ('Draft saved at …' once it is).",
      tags: ["busy"],
      invoke: {
        src: "saveDraft",
        input: ({ context }) => ({ key: context.key, values: context.values }),
        onDone: [
          { guard: ({ context }) => context.publishing, target: "published" },
          { target: "watching", actions: assign({ savedAt: ({ event }) => event.output, error: null }) },
        ],
        onError: [
          { guard: ({ context }) => context.publishing, target: "published" },
          { target: "watching", actions: assign({ error: ({ event }) => messageOf(event.error, DRAFT_NOT_SAVED) }) },
        ],
      },
      on: {
        // A change while saving is saved after it, from the waiting pause.
        "draft.change": { guard: ({ context }) => !context.publishing, target: "waiting", actions: "keepValues" },
        // Removing the draft before this save lands would let the save bring it back.
        "draft.published": { actions: assign({ publishing: true }) },
      },
    },
    published: {
      description: "The form was published: its draft is removed and nothing more is saved.",
      invoke: { src: "deleteDraft", input: ({ context }) => ({ key: context.key }), onDone: "done", onError: "done" },
      on: { "draft.published": {} },
    },
    done: { description: "The draft is gone with the form's publication.", type: "final" },
  },
})
