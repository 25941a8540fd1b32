import type { AppDeps } from "../../deps.ts"
import type { TicketVersionStore } from "./ticket-versions.ts"

export type TicketDeps = Pick<AppDeps, "db" | "uploads" | "now"> & { versions: TicketVersionStore }
