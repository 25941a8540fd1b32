import type { MachineEntry } from "../machine-entry.ts"
import { myListingMachine } from "./my-listing.machine.ts"

/** A vendor's bookable hours as the diagrams show them; the registry takes them as they are. */
export const availabilityEntries: MachineEntry[] = [
  {
    id: "my-listing",
    title: "My Listing",
    summary: "A vendor's availability: 7 days from today, 30-minute slots 08:00 AM to 08:00 PM, saved on the server.",
    machine: myListingMachine,
    delayLabels: { messageShown: "2 s" },
  },
]
