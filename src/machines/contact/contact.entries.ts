import type { MachineEntry } from "../machine-entry.ts"
import { enquiriesMachine } from "./enquiries.machine.ts"

/** The contact enquiries' machines as the diagrams show them; the registry takes them as they are. */
export const contactEntries: MachineEntry[] = [
  {
    id: "enquiries",
    title: "All Enquiries",
    summary: "The paged contact enquiries (Admin only).",
    machine: enquiriesMachine,
  },
]
