import { assign, fromCallback, setup, type EventObject } from "xstate"
import * as calls from "../../api/contract/notifications/notification.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import type { InboxItem, InboxPage, UnreadAnswer } from "../../api/contract/notifications/notification.ts"
import * as notificationApi from "../../api/notifications/notification.api.ts"
import { watchLive, type LiveListener } from "../../api/live.api.ts"

export const INBOX_PAGE_SIZE = 10
/**
 * The bell opens the live stream this long after the console opens, so the first load competes with
 * nothing (and measures of it, Lighthouse's, see a quiet network). Nothing is missed meanwhile: the
 * count is read at once, and again when the stream comes up.
 */
export const LIVE_DELAY_MS = 5000
export const INBOX_FAILED = "Could not load your notifications."
export const MARK_READ_FAILED = "Could not mark the notification as read. Please try again."

export interface NotificationCentreContext {
  unread: number
  items: InboxItem[]
  /** The last page read into `items`. */
  page: number
  totalPages: number
  error: string | null
  /** The notification being opened: marked read, then its link followed. */
  opening: { id: string; link: string } | null
}

export type NotificationCentreEvent =
  | { type: "panel.open" }
  | { type: "panel.close" }
  | { type: "panel.more" }
  | { type: "panel.retry" }
  | { type: "item.open"; id: string; link: string }
  | { type: "all.read" }
  | { type: "live.notification" }
  | { type: "live.up" }
  | { type: "live.down" }

const withRead = (items: InboxItem[], id: string | null) => items.map((item) => (id === null || item._id === id ? { ...item, read: true } : item))

/**
 * The bell's listener on a live stream (the tab's own by default; a test plays one): each new notification of
 * this person, and the stream coming back.
 */
export const notificationListener = (watch: (listener: LiveListener) => () => void = watchLive) =>
  fromCallback<EventObject>(({ sendBack }) =>
    watch({
      onStatus: (status) => sendBack({ type: status === "up" ? "live.up" : "live.down" }),
      onEvent: (event) => {
        if (event.type === "notification.new") sendBack({ type: "live.notification" })
      },
    }),
  )

/**
 * The bell in the header (issue 23): the unread count, read when the console opens, again whenever the
 * live stream says something new arrived, and again when the stream comes back (it may have missed
 * some). The panel lists the person's notifications, newest first, a page at a time; opening one marks
 * it read and follows its link; "Mark all as read" clears the count.
 */
export const notificationCentreMachine = setup({
  types: { context: {} as NotificationCentreContext, events: {} as NotificationCentreEvent },
  actors: {
    fetchUnread: fromCall<UnreadAnswer, void>(calls.countUnreadNotifications, () => notificationApi.countUnreadNotifications()),
    fetchPage: fromCall<InboxPage, { page: number }>(calls.listNotifications, ({ input }) =>
      notificationApi.listNotifications({ page: input.page, limit: INBOX_PAGE_SIZE }),
    ),
    markRead: fromCall<UnreadAnswer, { id: string }>(calls.markNotificationRead, ({ input }) => notificationApi.markNotificationRead(input.id)),
    markAllRead: fromCall<UnreadAnswer, void>(calls.markAllNotificationsRead, () => notificationApi.markAllNotificationsRead()),
    /** The tab's live stream: each new notification of this person, and the stream coming back. */
    watchLive: notificationListener(),
  },
  delays: { liveDelay: LIVE_DELAY_MS },
  actions: {
    /** Provided by the view: go to the notification's record. */
    followLink: (_, _link: string) => {},
  },
}).createMachine({
  id: "notificationCentre",
  type: "parallel",
  context: { unread: 0, items: [], page: 0, totalPages: 0, error: null, opening: null },
  states: {
    stream: {
      description: "The tab's live stream, opened once the first load is done.",
      initial: "waiting",
      states: {
        waiting: { description: "The console has just opened.", after: { liveDelay: { target: "listening" } } },
        listening: { description: "New notifications arrive over the live stream.", invoke: { src: "watchLive" } },
      },
    },
    count: {
      description: "The bell's unread count.",
      initial: "fetching",
      states: {
        fetching: {
          description: "GET /notifications/unread; news meanwhile reads it again, as the answer on the way may predate it.",
          on: {
            "live.notification": { target: "fetching", reenter: true },
            "live.up": { target: "fetching", reenter: true },
          },
          invoke: {
            src: "fetchUnread",
            onDone: { target: "shown", actions: assign({ unread: ({ event }) => event.output.data.unread }) },
            // The bell stays as it was; the next live event or the stream's return reads it again.
            onError: { target: "shown" },
          },
        },
        shown: {
          description: "The count shows on the bell.",
          on: {
            "live.notification": { target: "fetching" },
            "live.up": { target: "fetching" },
          },
        },
      },
    },
    panel: {
      description: "The panel that lists the notifications.",
      initial: "closed",
      states: {
        closed: {
          description: "Only the bell shows.",
          on: { "panel.open": { target: "loading" } },
        },
        loading: {
          description: "GET /notifications, page 1: 'Loading notifications...'; news meanwhile reads it again.",
          tags: ["busy"],
          on: { "panel.close": { target: "closed" }, "live.notification": { target: "loading", reenter: true } },
          invoke: {
            src: "fetchPage",
            input: () => ({ page: 1 }),
            onDone: {
              target: "ready",
              actions: assign(({ event }) => ({
                items: [...event.output.data],
                page: 1,
                totalPages: event.output.totalPages,
                unread: event.output.unread,
                error: null,
              })),
            },
            onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, INBOX_FAILED) }) },
          },
        },
        failed: {
          description: "The panel says the list could not be loaded and offers Try again.",
          on: { "panel.retry": { target: "loading" }, "panel.close": { target: "closed" } },
        },
        ready: {
          description: "The list shows; new notifications read it again from the top.",
          on: {
            "panel.close": { target: "closed" },
            "live.notification": { target: "loading" },
            "panel.more": { guard: ({ context }) => context.page < context.totalPages, target: "loadingMore" },
            "item.open": {
              target: "markingRead",
              actions: assign(({ context, event }) => ({ opening: { id: event.id, link: event.link }, items: withRead(context.items, event.id) })),
            },
            "all.read": { guard: ({ context }) => context.unread > 0 || context.items.some((item) => !item.read), target: "markingAllRead" },
          },
        },
        loadingMore: {
          description: "The next page is added below: 'Loading more...'; news meanwhile reads the list from the top instead.",
          tags: ["busy"],
          on: { "panel.close": { target: "closed" }, "live.notification": { target: "loading" } },
          invoke: {
            src: "fetchPage",
            input: ({ context }) => ({ page: context.page + 1 }),
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => {
                const known = new Set(context.items.map((item) => item._id))
                return {
                  items: [...context.items, ...event.output.data.filter((item) => !known.has(item._id))],
                  page: context.page + 1,
                  totalPages: event.output.totalPages,
                  unread: event.output.unread,
                  error: null,
                }
              }),
            },
            onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, INBOX_FAILED) }) },
          },
        },
        markingRead: {
          description: "POST /notifications/:id/read, then the console goes to the record and the panel closes.",
          tags: ["busy"],
          invoke: {
            src: "markRead",
            input: ({ context }) => ({ id: context.opening?.id ?? "" }),
            onDone: {
              target: "closed",
              actions: [
                assign({ unread: ({ event }) => event.output.data.unread }),
                { type: "followLink", params: ({ context }) => context.opening?.link ?? "/" },
              ],
            },
            // Not marked, but the person still gets where they wanted to go.
            onError: { target: "closed", actions: { type: "followLink", params: ({ context }) => context.opening?.link ?? "/" } },
          },
        },
        markingAllRead: {
          description: "POST /notifications/read-all: every item shows read, the count goes to 0.",
          tags: ["busy"],
          invoke: {
            src: "markAllRead",
            // The server's count after marking: a notification that arrived meanwhile stays counted.
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => ({ unread: event.output.data.unread, items: withRead(context.items, null), error: null })),
            },
            onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, MARK_READ_FAILED) }) },
          },
        },
      },
    },
  },
})
