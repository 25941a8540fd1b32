import type { MachineEntry } from "../machine-entry.ts"
import { peopleCountsMachine } from "./people-counts.machine.ts"
import { trendsMachine } from "./trends.machine.ts"

/** The dashboard's machines as the diagrams show them (a person's session counts are counselling's). */
export const dashboardEntries: MachineEntry[] = [
  {
    id: "people-counts",
    title: "Dashboard people counts",
    summary: "The Admin's count cards, from counts kept in the same transaction as every change.",
    machine: peopleCountsMachine,
  },
  {
    id: "trends",
    title: "Dashboard trends",
    summary: "The Admin's weekly charts (sign-ups and approvals, sessions by state, tickets opened and closed) for a chosen range of weeks.",
    machine: trendsMachine,
  },
]
