import { Schema } from "effect"
import { endpoint } from "../endpoint.ts"

export const liveEvents = endpoint({
  name: "liveEvents",
  method: "GET",
  path: "/live",
  produces: ["text/event-stream"],
  answer: Schema.String,
  access: "signedIn",
  summary:
    "Server-Sent Events for this tab: `ticket.changed` for the caller's tickets (every ticket for an Admin), a `: ping` comment every 20 s. " +
    "The token is checked when the stream opens and every 10 s after; a revoked or expired one ends the stream, as does the end of 10 minutes (reconnect with the current token).",
})

export const liveEndpoints = [liveEvents]
