import type { MachineEntry } from "../machine-entry.ts"
import { peopleCountsMachine } from "./people-counts.machine.ts"

/** The dashboard's machines as the diagrams show them (a person's session counts are counselling's). */
export const dashboardEntries: MachineEntry[] = [
  {
    id: "people-counts",
    title: "Dashboard people counts",
    summary: "The Admin's count cards, from counts kept in the same transaction as every change.",
    machine: peopleCountsMachine,
  },
]
