import type { MachineEntry } from "../machine-entry.ts"
import { editorActionsMachine, editorFormMachine } from "./editors.machine.ts"

/** The editors' machines as the diagrams show them; the registry takes them as they are. */
export const editorEntries: MachineEntry[] = [
  {
    id: "editors-form",
    file: "editors",
    title: "Add and update Editor",
    summary: "Name, email and a number of at most 10 characters; a new editor is emailed a set-password link.",
    machine: editorFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
  {
    id: "editors-actions",
    file: "editors",
    title: "Editor row actions",
    summary: "Deleting an editor after confirmation.",
    machine: editorActionsMachine,
  },
]
