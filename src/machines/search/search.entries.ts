import type { MachineEntry } from "../machine-entry.ts"
import { headerSearchMachine } from "./header-search.machine.ts"

/** The header search as the diagrams show it; the registry takes it as it is. */
export const searchEntries: MachineEntry[] = [
  {
    id: "header-search",
    title: "Header search",
    summary: "Search as you type (300 ms debounce): people for the Admin, own sessions and tickets for others.",
    machine: headerSearchMachine,
    delayLabels: { debounce: "300 ms" },
  },
]
