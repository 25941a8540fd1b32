import { assign, fromCallback, setup, type AnyEventObject } from "xstate"
import * as ticketApi from "../../api/tickets/ticket.api.ts"

export type AttachmentEvent = { type: "attachment.loaded"; url: string } | { type: "attachment.failed" }

/**
 * A ticket's private image: fetched with the token (an <img> cannot send it) and shown through an
 * object URL that is released when the page closes (the callback actor's cleanup).
 */
export const ticketAttachmentMachine = setup({
  types: {
    context: {} as { queryId: string; url: string | null },
    events: {} as AttachmentEvent,
    input: {} as { queryId: string },
  },
  actors: {
    loadAttachment: fromCallback<AnyEventObject, { queryId: string }>(({ input, sendBack }) => {
      let url: string | null = null
      let stopped = false
      ticketApi.fetchAttachment(input.queryId).then(
        (blob) => {
          if (stopped) return
          url = URL.createObjectURL(blob)
          sendBack({ type: "attachment.loaded", url })
        },
        () => !stopped && sendBack({ type: "attachment.failed" }),
      )
      return () => {
        stopped = true
        if (url) URL.revokeObjectURL(url)
      }
    }),
  },
}).createMachine({
  id: "ticketAttachment",
  context: ({ input }) => ({ queryId: input.queryId, url: null }),
  initial: "loading",
  invoke: { src: "loadAttachment", input: ({ context }) => ({ queryId: context.queryId }) },
  states: {
    loading: {
      description: "The image is on its way.",
      tags: ["busy"],
      on: {
        "attachment.loaded": { target: "shown", actions: assign({ url: ({ event }) => event.url }) },
        "attachment.failed": { target: "failed" },
      },
    },
    shown: { description: "The image shows under the query." },
    failed: { description: "'The attachment could not be loaded.' shows instead." },
  },
})
