import { assign, setup } from "xstate"
import * as calls from "../../api/contract/notifications/notification.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import {
  isTemplateId,
  templateProblems,
  type NotificationTemplate,
  type TemplateAnswer,
  type TemplatePreview,
} from "../../api/contract/notifications/notification-templates.ts"
import * as notificationApi from "../../api/notifications/notification.api.ts"

export const TEMPLATES_FAILED = "Could not load the email templates."
export const TEMPLATE_SAVE_FAILED = "Could not save the template. Please try again."
export const TEMPLATE_PREVIEW_FAILED = "Could not preview the template. Please try again."
export const DISCARD_QUESTION = "Discard your changes to this template?"
export const RESET_QUESTION = "Put this template back to its default wording? Your wording is removed; new emails use the default."

export interface Draft {
  subject: string
  body: string
}

export interface EmailTemplatesContext {
  templates: NotificationTemplate[]
  selectedId: string | null
  draft: Draft
  /** What stands in the way of saving, by field (the same rules the server applies). */
  problems: { subject?: string; body?: string }
  /** The server's refusal or failure, shown above the buttons. */
  error: string | null
  notice: string | null
  preview: TemplatePreview["data"] | null
  /** The template to open once unsaved changes are discarded. */
  pendingId: string | null
}

export type EmailTemplatesEvent =
  | { type: "template.select"; id: string }
  | { type: "draft.change"; field: keyof Draft; value: string }
  | { type: "preview" }
  | { type: "save" }
  | { type: "reset.request" }
  | { type: "reset.confirm" }
  | { type: "reset.cancel" }
  | { type: "discard.confirm" }
  | { type: "discard.cancel" }
  | { type: "retry" }

const selected = (context: EmailTemplatesContext) => context.templates.find((t) => t.id === context.selectedId) ?? null
const problemsOf = (id: string | null, draft: Draft) => (id && isTemplateId(id) ? templateProblems(id, draft) : {})
const isDirty = (context: EmailTemplatesContext) => {
  const template = selected(context)
  return template !== null && (template.subject !== context.draft.subject || template.body !== context.draft.body)
}
const opened = (context: EmailTemplatesContext, id: string) => {
  const template = context.templates.find((t) => t.id === id)
  return {
    selectedId: id,
    draft: template ? { subject: template.subject, body: template.body } : { subject: "", body: "" },
    problems: {},
    error: null,
    notice: null,
    preview: null,
    pendingId: null,
  }
}
const replaced = (context: EmailTemplatesContext, answer: TemplateAnswer) => ({
  templates: context.templates.map((t) => (t.id === answer.data.id ? answer.data : t)),
  draft: { subject: answer.data.subject, body: answer.data.body },
  problems: {},
  error: null,
  notice: answer.message,
})

/**
 * Email templates (issue 23, Admin): pick an email, reword its subject and body with its placeholders,
 * preview it filled with the latest real record, save it, or put it back to the default. Unsaved
 * changes are never dropped without asking.
 */
export const emailTemplatesMachine = setup({
  types: { context: {} as EmailTemplatesContext, events: {} as EmailTemplatesEvent },
  actors: {
    fetchTemplates: fromCall(calls.listNotificationTemplates, () => notificationApi.listNotificationTemplates()),
    saveTemplate: fromCall<TemplateAnswer, { id: string; draft: Draft }>(calls.saveNotificationTemplate, ({ input }) =>
      notificationApi.saveNotificationTemplate(input.id, input.draft),
    ),
    resetTemplate: fromCall<TemplateAnswer, { id: string }>(calls.resetNotificationTemplate, ({ input }) =>
      notificationApi.resetNotificationTemplate(input.id),
    ),
    previewTemplate: fromCall<TemplatePreview, { id: string; draft: Draft }>(calls.previewNotificationTemplate, ({ input }) =>
      notificationApi.previewNotificationTemplate(input.id, input.draft),
    ),
  },
  guards: {
    isDirty: ({ context }) => isDirty(context),
    canSend: ({ context }) => context.selectedId !== null && Object.keys(problemsOf(context.selectedId, context.draft)).length === 0,
    isCustomised: ({ context }) => selected(context)?.customised === true,
  },
}).createMachine({
  id: "emailTemplates",
  context: { templates: [], selectedId: null, draft: { subject: "", body: "" }, problems: {}, error: null, notice: null, preview: null, pendingId: null },
  initial: "loading",
  states: {
    loading: {
      description: "GET /notifications/templates: 'Loading email templates...'.",
      tags: ["busy"],
      invoke: {
        src: "fetchTemplates",
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => {
            const templates = [...event.output.data]
            return { ...opened({ ...context, templates }, templates[0]?.id ?? ""), templates, selectedId: templates[0]?.id ?? null }
          }),
        },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, TEMPLATES_FAILED) }) },
      },
    },
    failed: {
      description: "The list could not be read; Try again.",
      on: { retry: { target: "loading" } },
    },
    ready: {
      description: "The list of emails and the open template's form.",
      on: {
        "template.select": [
          { guard: ({ context, event }) => event.id === context.selectedId },
          { guard: "isDirty", target: "confirmingDiscard", actions: assign({ pendingId: ({ event }) => event.id }) },
          { actions: assign(({ context, event }) => opened(context, event.id)) },
        ],
        "draft.change": {
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value }
            return { draft, problems: problemsOf(context.selectedId, draft), notice: null, preview: null }
          }),
        },
        preview: [
          { guard: "canSend", target: "previewing" },
          { actions: assign(({ context }) => ({ problems: problemsOf(context.selectedId, context.draft) })) },
        ],
        save: [{ guard: "canSend", target: "saving" }, { actions: assign(({ context }) => ({ problems: problemsOf(context.selectedId, context.draft) })) }],
        "reset.request": { guard: "isCustomised", target: "confirmingReset" },
      },
    },
    confirmingDiscard: {
      description: `A dialog asks "${DISCARD_QUESTION}"`,
      on: {
        "discard.confirm": { target: "ready", actions: assign(({ context }) => opened(context, context.pendingId ?? "")) },
        "discard.cancel": { target: "ready", actions: assign({ pendingId: null }) },
      },
    },
    previewing: {
      description: "POST /notifications/templates/:id/preview with the wording being edited.",
      tags: ["busy"],
      invoke: {
        src: "previewTemplate",
        input: ({ context }) => ({ id: context.selectedId ?? "", draft: context.draft }),
        onDone: { target: "ready", actions: assign({ preview: ({ event }) => event.output.data, error: null }) },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, TEMPLATE_PREVIEW_FAILED) }) },
      },
    },
    saving: {
      description: "PUT /notifications/templates/:id; the Save button reads 'Saving...'.",
      tags: ["busy"],
      invoke: {
        src: "saveTemplate",
        input: ({ context }) => ({ id: context.selectedId ?? "", draft: context.draft }),
        onDone: { target: "ready", actions: assign(({ context, event }) => replaced(context, event.output)) },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, TEMPLATE_SAVE_FAILED) }) },
      },
    },
    confirmingReset: {
      description: `A dialog asks "${RESET_QUESTION}"`,
      on: { "reset.confirm": { target: "resetting" }, "reset.cancel": { target: "ready" } },
    },
    resetting: {
      description: "DELETE /notifications/templates/:id: the default wording comes back into the form.",
      tags: ["busy"],
      invoke: {
        src: "resetTemplate",
        input: ({ context }) => ({ id: context.selectedId ?? "" }),
        onDone: { target: "ready", actions: assign(({ context, event }) => ({ ...replaced(context, event.output), preview: null })) },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, TEMPLATE_SAVE_FAILED) }) },
      },
    },
  },
})
