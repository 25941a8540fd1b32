import type { RouteDeps } from "../../deps.ts"
import type { ThreadCache } from "./thread-cache.ts"
import type { TicketVersionStore } from "./ticket-versions.ts"

export type TicketDeps = Pick<RouteDeps, "db" | "uploads" | "now" | "mailer" | "postman" | "publicUrl" | "live"> & {
  versions: TicketVersionStore
  threads: ThreadCache
}
