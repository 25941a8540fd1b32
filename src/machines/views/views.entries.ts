import type { MachineEntry } from "../machine-entry.ts"
import { savedViewsMachine } from "./saved-views.machine.ts"

/** The saved views of a list as the diagrams show them; the registry takes them as they are. */
export const viewEntries: MachineEntry[] = [
  {
    id: "saved-views",
    title: "Saved views",
    summary:
      "A list's Views menu: the person's named views of the list, each opening the list as it was saved; Save view keeps the list as it is now under a name; Delete after a yes.",
    machine: savedViewsMachine,
  },
]
