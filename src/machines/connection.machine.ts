import { setup } from "xstate"

export type ConnectionEvent = { type: "connection.lost" } | { type: "connection.restored" }

/**
 * Whether the console can reach its server: the API client reports a call that got no answer, or a
 * 503 (the server cannot reach its database), and retries reads and keyed writes with backoff; the
 * first answer after that restores it. The banner shows while unreachable, so a person knows why a
 * screen waits, and that nothing they typed is lost.
 */
export const connectionMachine = setup({
  types: { events: {} as ConnectionEvent },
}).createMachine({
  id: "connection",
  initial: "reachable",
  states: {
    reachable: {
      description: "Calls are answered.",
      on: { "connection.lost": { target: "unreachable" } },
    },
    unreachable: {
      description: "A call got no answer or a 503; the client retries with backoff and the banner says so.",
      tags: ["banner"],
      on: { "connection.restored": { target: "reachable" } },
    },
  },
})
