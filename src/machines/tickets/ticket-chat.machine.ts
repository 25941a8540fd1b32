import { assign, fromCallback, setup, type EventObject } from "xstate"
import * as ticketCalls from "../../api/contract/tickets/ticket.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { isApiError, messageOf } from "../../api/api-error.ts"
import type { Role } from "../../api/contract/common.ts"
import type { TicketThread } from "../../api/contract/tickets/ticket.ts"
import * as ticketApi from "../../api/tickets/ticket.api.ts"
import { watchLive } from "../../api/live.api.ts"
import { ticketAllows } from "./ticket.machine.ts"

/**
 * Spec sections 4 and 9: the chat is polled every 5 seconds while the page is open. With the live
 * stream up (issue 23) the chat is read when it changes instead, and the poll is the fallback while
 * the stream is down.
 */
export const TICKET_POLL_MS = 5000

export interface Viewer {
  id: string
  role: Role
}

export interface TicketChatContext {
  queryId: string
  viewer: Viewer
  thread: TicketThread | null
  etag: string | null
  draft: string
  /** Loading failure (the page shows it instead of the chat). */
  loadError: string | null
  /** A failed send or close, shown under the input; the draft is kept. */
  error: string | null
  /** The tab's live stream is up: changes are pushed, so nothing is polled. */
  live: boolean
}

export type TicketChatEvent =
  | { type: "draft.change"; value: string }
  | { type: "message.send" }
  | { type: "close.request" }
  | { type: "close.confirm" }
  | { type: "close.cancel" }
  | { type: "retry" }
  | { type: "live.up" }
  | { type: "live.down" }
  | { type: "live.changed" }

type Loaded = { thread: TicketThread; etag: string | null }
type Polled = { changed: false } | { changed: true; answer: { data: TicketThread }; etag: string | null }

/**
 * A poll that left before a send or close and came back after it carries older data; the chat only
 * grows (responses are never removed, a closed ticket never reopens), so older data is ignored.
 */
const isNotOlder = (current: TicketThread | null, next: TicketThread): boolean =>
  current === null ||
  (next.responses.length >= current.responses.length && (next.status || !current.status) && (next.userRating !== null || current.userRating === null))

const mayRespond = (context: TicketChatContext) =>
  context.thread !== null &&
  (context.viewer.role === "Admin" || context.viewer.id === context.thread.userId) &&
  ticketAllows(context.thread, { type: "ticket.respond" })

export const ticketChatMachine = setup({
  types: {
    context: {} as TicketChatContext,
    events: {} as TicketChatEvent,
    input: {} as { queryId: string; viewer: Viewer },
  },
  actors: {
    loadThread: fromCall<Loaded, { queryId: string }>(ticketCalls.fetchResponse, async ({ input }) => {
      const result = await ticketApi.fetchThread(input.queryId, null)
      if (!result.changed) throw new Error("The server answered 304 to a first read.")
      return { thread: result.answer.data, etag: result.etag }
    }),
    pollThread: fromCall<Polled, { queryId: string; etag: string | null }>(ticketCalls.fetchResponse, ({ input }) =>
      ticketApi.fetchThread(input.queryId, input.etag),
    ),
    sendMessage: fromCall<{ data: TicketThread }, { queryId: string; role: Role; text: string }>(ticketCalls.addResponse, ({ input }) =>
      ticketApi.addResponse(input.queryId, input.role, input.text),
    ),
    closeTicket: fromCall<{ data: TicketThread }, { queryId: string }>(ticketCalls.closeTicket, ({ input }) => ticketApi.closeTicket(input.queryId)),
    /** The tab's live stream: whether it is up, and each change of this ticket. */
    watchLive: fromCallback<EventObject, { queryId: string }>(({ sendBack, input }) =>
      watchLive({
        onStatus: (status) => sendBack({ type: status === "up" ? "live.up" : "live.down" }),
        onEvent: (event) => {
          if (event.type === "ticket.changed" && event.queryId === input.queryId) sendBack({ type: "live.changed" })
        },
      }),
    ),
  },
  guards: {
    /** The ticket does not exist, or is not the viewer's: reading it again cannot help. */
    isMissing: (_, error: unknown) => isApiError(error) && error.kind === "http" && (error.status === 404 || error.status === 403),
    isClosed: ({ context }) => context.thread?.status === true,
    isLive: ({ context }) => context.live,
    canSend: ({ context }) => mayRespond(context) && context.draft.trim() !== "",
    canClose: ({ context }) => context.viewer.role === "Admin" && context.thread !== null && ticketAllows(context.thread, { type: "ticket.close" }),
  },
  delays: { pollInterval: TICKET_POLL_MS },
}).createMachine({
  id: "ticketChat",
  context: ({ input }) => ({
    queryId: input.queryId,
    viewer: input.viewer,
    thread: null,
    etag: null,
    draft: "",
    loadError: null,
    error: null,
    live: false,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "The ticket and its chat are read once before anything shows.",
      tags: ["busy"],
      invoke: {
        src: "loadThread",
        input: ({ context }) => ({ queryId: context.queryId }),
        onDone: { target: "ready", actions: assign({ thread: ({ event }) => event.output.thread, etag: ({ event }) => event.output.etag, loadError: null }) },
        onError: [
          {
            guard: { type: "isMissing", params: ({ event }: { event: { error: unknown } }) => event.error },
            target: "missing",
            actions: assign({ loadError: ({ event }) => messageOf(event.error, "Failed to fetch ticket details.") }),
          },
          { target: "failed", actions: assign({ loadError: ({ event }) => messageOf(event.error, "Failed to fetch ticket details.") }) },
        ],
      },
    },
    failed: {
      description: "The failure shows in red; Retry reads again.",
      on: { retry: { target: "loading" } },
    },
    missing: {
      description: "No such ticket (or not the viewer's): the message in red and the way back to My Tickets, no Retry.",
    },
    ready: {
      description: "The chat shows; reading changes, writing and closing run side by side.",
      type: "parallel",
      invoke: { src: "watchLive", input: ({ context }) => ({ queryId: context.queryId }) },
      on: {
        "live.up": { actions: assign({ live: true }) },
        "live.down": { actions: assign({ live: false }) },
      },
      states: {
        poll: {
          initial: "waiting",
          states: {
            waiting: {
              description: "The live stream is down: waits 5 seconds before asking again; a closed ticket's chat cannot change, so polling stops.",
              always: [
                { guard: "isClosed", target: "stopped" },
                { guard: "isLive", target: "listening" },
              ],
              after: { pollInterval: { target: "fetching" } },
              on: { "live.changed": { target: "fetching" } },
            },
            listening: {
              description: "The live stream is up: nothing is polled; a change of this ticket is read at once.",
              always: [
                { guard: "isClosed", target: "stopped" },
                { guard: ({ context }) => !context.live, target: "waiting" },
              ],
              on: { "live.changed": { target: "fetching" } },
            },
            fetching: {
              description: "Asks with the last ETag; 304 (nothing new) costs the server no database read. A change announced meanwhile asks again.",
              on: { "live.changed": { target: "fetching", reenter: true } },
              invoke: {
                src: "pollThread",
                input: ({ context }) => ({ queryId: context.queryId, etag: context.etag }),
                onDone: [
                  {
                    guard: ({ context, event }) => event.output.changed && isNotOlder(context.thread, event.output.answer.data),
                    target: "waiting",
                    actions: assign(({ event }) => (event.output.changed ? { thread: event.output.answer.data, etag: event.output.etag } : {})),
                  },
                  { target: "waiting" },
                ],
                // A failed poll is tried again at the next tick; the chat already shown stays.
                onError: { target: "waiting" },
              },
            },
            stopped: { description: "The ticket is closed: no more polling." },
          },
        },
        compose: {
          initial: "idle",
          states: {
            idle: {
              description: "Send is enabled only while the trimmed message is not empty and the ticket is open.",
              on: {
                "draft.change": { actions: assign({ draft: ({ event }) => event.value, error: null }) },
                "message.send": { guard: "canSend", target: "sending", actions: assign({ error: null }) },
              },
            },
            sending: {
              description: "Send is disabled while the message goes out; the raiser's become questions, the Admin's answers.",
              tags: ["sending"],
              invoke: {
                src: "sendMessage",
                input: ({ context }) => ({ queryId: context.queryId, role: context.viewer.role, text: context.draft.trim() }),
                onDone: { target: "idle", actions: assign({ thread: ({ event }) => event.output.data, draft: "" }) },
                onError: { target: "idle", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to send the message.") }) },
              },
            },
          },
        },
        closing: {
          initial: "idle",
          states: {
            idle: {
              description: "The Admin sees a Close Ticket button on an open ticket.",
              on: { "close.request": { guard: "canClose", target: "confirming" } },
            },
            confirming: {
              description: "'Are you sure you want to close this ticket?'",
              on: { "close.confirm": { target: "working" }, "close.cancel": { target: "idle" } },
            },
            working: {
              description: "Closing; the confirm button shows it is busy.",
              tags: ["closing"],
              invoke: {
                src: "closeTicket",
                input: ({ context }) => ({ queryId: context.queryId }),
                onDone: { target: "idle", actions: assign({ thread: ({ event }) => event.output.data }) },
                onError: { target: "idle", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to close the ticket.") }) },
              },
            },
          },
        },
      },
    },
  },
})
