import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as feedCalls from "../../api/contract/account/calendar-feed.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import * as feedApi from "../../api/account/calendar-feed.api.ts"
import type { CalendarFeed } from "../../api/contract/account/calendar-feed.ts"

export interface CalendarFeedContext {
  feed: CalendarFeed | null
  /** What the last step did, or why it failed. */
  message: { text: string; tone: "success" | "error" } | null
}

export type CalendarFeedEvent =
  | { type: "feed.make" }
  | { type: "feed.replace" }
  | { type: "feed.revoke" }
  | { type: "feed.confirm" }
  | { type: "feed.cancel" }
  | { type: "feed.copy" }
  | { type: "feed.retry" }

type Changed = { feed: CalendarFeed; message: string | null }

/**
 * The profile's Calendar feed card (issue 24): the person's secret subscription address, made on
 * request, copied, replaced (after a confirmation: the old address stops working) or turned off
 * (after a confirmation).
 */
export const calendarFeedMachine = setup({
  types: { context: {} as CalendarFeedContext, events: {} as CalendarFeedEvent },
  actors: {
    loadFeed: fromCall<CalendarFeed>(feedCalls.getCalendarFeed, () => feedApi.getCalendarFeed()),
    replaceFeed: fromCall<Changed>(feedCalls.createCalendarFeed, () => feedApi.replaceCalendarFeed()),
    revokeFeed: fromCall<Changed>(feedCalls.revokeCalendarFeed, () => feedApi.revokeCalendarFeed()),
  },
  actions: {
    /** Provided by the view: put the address on the clipboard. */
    copyAddress: (_, _params: { url: string }) => {},
    takeChange: assign(({ event }) => {
      const output = (event as unknown as { output: Changed }).output
      return { feed: output.feed, message: output.message ? { text: output.message, tone: "success" as const } : null }
    }),
    takeFailure: assign({
      message: ({ event }) => ({ text: messageOf((event as unknown as { error: unknown }).error, "Something went wrong."), tone: "error" as const }),
    }),
  },
  guards: {
    hasFeed: ({ context }) => context.feed?.url != null,
    hasNoFeed: ({ context }) => context.feed?.url == null,
  },
}).createMachine({
  id: "calendarFeed",
  context: { feed: null, message: null },
  initial: "loading",
  states: {
    loading: {
      description: "The person's feed is read: 'Loading your calendar address...'.",
      tags: ["busy"],
      invoke: {
        src: "loadFeed",
        onDone: { target: "ready", actions: assign({ feed: ({ event }) => event.output }) },
        onError: { target: "failed", actions: "takeFailure" },
      },
    },
    failed: { description: "The failure in words with Try again.", on: { "feed.retry": "loading" } },
    ready: {
      description: "The address with Copy, Replace and Turn off; or, with none, 'Make my calendar address'.",
      on: {
        "feed.make": { guard: "hasNoFeed", target: "replacing" },
        "feed.replace": { guard: "hasFeed", target: "confirmingReplace" },
        "feed.revoke": { guard: "hasFeed", target: "confirmingRevoke" },
        "feed.copy": { guard: "hasFeed", actions: { type: "copyAddress", params: ({ context }) => ({ url: context.feed!.url! }) } },
      },
    },
    confirmingReplace: {
      description: "'Replace the address? Calendars subscribed to the old one stop updating.'",
      on: { "feed.confirm": "replacing", "feed.cancel": "ready" },
    },
    confirmingRevoke: {
      description: "'Turn the calendar address off? Calendars subscribed to it stop updating.'",
      on: { "feed.confirm": "revoking", "feed.cancel": "ready" },
    },
    replacing: {
      description: "A new address is made; the old one stops working.",
      tags: ["busy"],
      invoke: { src: "replaceFeed", onDone: { target: "ready", actions: "takeChange" }, onError: { target: "ready", actions: "takeFailure" } },
    },
    revoking: {
      description: "The address is turned off.",
      tags: ["busy"],
      invoke: { src: "revokeFeed", onDone: { target: "ready", actions: "takeChange" }, onError: { target: "ready", actions: "takeFailure" } },
    },
  },
})
