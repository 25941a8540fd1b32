import { Schema } from "effect"

/**
 * What the live stream (GET /live, Server-Sent Events) pushes to an open tab (issue 23): each event
 * names what changed, so the screen showing it reads it again. Unknown types are ignored by the
 * console, so the server can add some.
 */
export const TicketChanged = Schema.Struct({
  type: Schema.Literal("ticket.changed"),
  /** The ticket (its `queryId`) whose chat, status or rating changed. */
  queryId: Schema.String,
  version: Schema.Number,
})
export type TicketChanged = typeof TicketChanged.Type

/** The lists an Admin keeps open that others change: vendors (status, sign-ups), contact and counselling enquiries. */
export const LIVE_LISTS = ["vendors", "enquiries", "counselling"] as const
export type LiveList = (typeof LIVE_LISTS)[number]

/** A list an open screen shows has changed (another Admin's status change, a new enquiry): it is read again. */
export const ListChanged = Schema.Struct({
  type: Schema.Literal("list.changed"),
  list: Schema.Literals(LIVE_LISTS),
})
export type ListChanged = typeof ListChanged.Type

/** Something new in the person's notification centre: the bell counts again. */
export const NotificationNew = Schema.Struct({ type: Schema.Literal("notification.new") })
export type NotificationNew = typeof NotificationNew.Type

export const LiveEvent = Schema.Union([TicketChanged, ListChanged, NotificationNew])
export type LiveEvent = typeof LiveEvent.Type
