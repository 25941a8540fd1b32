import { assign, setup } from "xstate"
import { isApiError, messageOf } from "../../api/api-error.ts"
import * as blogApi from "../../api/blogs/blog.api.ts"
import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"
import { SCHEDULE_CANCELLED, SCHEDULE_SAVED, type BlogSchedule } from "../../api/contract/blogs/blog-schedule.ts"
import type { Tone } from "../account/login.machine.ts"
import { instantOfInput } from "../account/viewer-zone.ts"
import { fromCall } from "../call-actor.ts"

export const PUBLISH_AT_REQUIRED = "Choose when the changes go live."
export const PUBLISH_AT_NOT_FUTURE = "Choose a time in the future."
export const SCHEDULE_LOAD_FAILED = "Failed to load the scheduled publish."

export interface SchedulePanelContext {
  itemId: string
  /** The pending schedule, or null when nothing is scheduled. */
  schedule: BlogSchedule | null
  /** The `datetime-local` value typed, on the viewer's clock. */
  publishAt: string
  /** Said under the time field. */
  fieldError: string | null
  /** Said under the section (a failed call). */
  error: string | null
}

export type SchedulePanelEvent =
  | { type: "publishAt.change"; value: string }
  | { type: "schedule.submit"; text: blogApi.BlogText; image: File | null }
  | { type: "cancel.request" }
  | { type: "cancel.confirm" }
  | { type: "cancel.dismiss" }
  | { type: "schedule.retry" }

type Submission = { itemId: string; text: blogApi.BlogText; image: File | null; publishAt: string }

/**
 * The update page's Schedule publish (issue 28): the form's changes (text and a chosen image) set to go live
 * at a time instead of at once, or the pending schedule shown with who set it, moved by scheduling again,
 * or cancelled after a confirmation. The page provides `notify` (a toast).
 */
export const blogSchedulePanelMachine = setup({
  types: {
    context: {} as SchedulePanelContext,
    events: {} as SchedulePanelEvent,
    input: {} as { itemId: string },
  },
  actors: {
    fetchSchedule: fromCall<BlogSchedule | null, { itemId: string }>(
      blogCalls.getBlogSchedule,
      async ({ input }) => (await blogApi.getBlogSchedule(input.itemId)).data,
    ),
    saveSchedule: fromCall<BlogSchedule, Submission>(
      blogCalls.scheduleBlog,
      async ({ input }) => (await blogApi.scheduleBlog(input.itemId, input.text, input.image, instantOfInput(input.publishAt).toISOString())).data,
    ),
    cancelSchedule: fromCall<unknown, { itemId: string }>(blogCalls.cancelBlogSchedule, ({ input }) => blogApi.cancelBlogSchedule(input.itemId)),
  },
  actions: {
    /** Provided by the page. */
    notify: (_, _params: { text: string; tone: Tone }) => {},
  },
  guards: {
    timeMissing: ({ context }) => Number.isNaN(instantOfInput(context.publishAt).getTime()),
    timePast: ({ context }) => instantOfInput(context.publishAt).getTime() <= Date.now(),
  },
}).createMachine({
  id: "blogSchedulePanel",
  context: ({ input }) => ({ itemId: input.itemId, schedule: null, publishAt: "", fieldError: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The blog's pending schedule is read.",
      tags: ["busy"],
      invoke: {
        src: "fetchSchedule",
        input: ({ context }) => ({ itemId: context.itemId }),
        onDone: { target: "ready", actions: assign({ schedule: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, SCHEDULE_LOAD_FAILED) }) },
      },
    },
    failed: {
      description: "The schedule could not be read; Try again reads it again.",
      on: { "schedule.retry": { target: "loading" } },
    },
    ready: {
      description: "A time may be typed and the form's changes scheduled for it (again, to move a pending schedule), or a pending schedule cancelled.",
      on: {
        "publishAt.change": { actions: assign({ publishAt: ({ event }) => event.value, fieldError: null }) },
        "schedule.submit": [
          { guard: "timeMissing", actions: assign({ fieldError: PUBLISH_AT_REQUIRED }) },
          { guard: "timePast", actions: assign({ fieldError: PUBLISH_AT_NOT_FUTURE }) },
          { target: "scheduling", actions: assign({ error: null }) },
        ],
        "cancel.request": { guard: ({ context }) => context.schedule !== null, target: "confirmingCancel", actions: assign({ error: null }) },
      },
    },
    scheduling: {
      description: "The server checks the changes as an update's and keeps them until their time.",
      tags: ["busy"],
      invoke: {
        src: "saveSchedule",
        input: ({ context, event }) => {
          const submit = event as Extract<SchedulePanelEvent, { type: "schedule.submit" }>
          return { itemId: context.itemId, text: submit.text, image: submit.image, publishAt: context.publishAt }
        },
        onDone: {
          target: "ready",
          actions: [assign({ schedule: ({ event }) => event.output, publishAt: "" }), { type: "notify", params: { text: SCHEDULE_SAVED, tone: "success" } }],
        },
        onError: {
          target: "ready",
          actions: assign(({ event }) => {
            const message = messageOf(event.error, "Failed to schedule the changes.")
            // The server's word on the time belongs under the time field; the rest under the section.
            return isApiError(event.error) && message.startsWith("publishAt: ")
              ? { fieldError: message.slice("publishAt: ".length).replace(/^./, (c) => c.toUpperCase()) + "." }
              : { error: message }
          }),
        },
      },
    },
    confirmingCancel: {
      description: "A confirmation asks before the scheduled changes are dropped.",
      tags: ["confirming"],
      on: { "cancel.confirm": { target: "cancelling" }, "cancel.dismiss": { target: "ready" } },
    },
    cancelling: {
      description: "The server drops the schedule; the blog stays as it is.",
      tags: ["confirming", "busy"],
      invoke: {
        src: "cancelSchedule",
        input: ({ context }) => ({ itemId: context.itemId }),
        onDone: { target: "ready", actions: [assign({ schedule: null }), { type: "notify", params: { text: SCHEDULE_CANCELLED, tone: "success" } }] },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to cancel the scheduled publish.") }) },
      },
    },
  },
})
