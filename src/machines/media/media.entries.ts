import type { MachineEntry } from "../machine-entry.ts"
import { mediaUploadMachine } from "./media-library.machine.ts"

/** The media library's machines (issue 28) as the diagrams show them; its list and delete are the shared paged list and row actions. */
export const mediaEntries: MachineEntry[] = [
  {
    id: "media-upload",
    file: "media-library",
    title: "Upload to the media library",
    summary: "An image file and its alt text, both required; the modal closes 1 s after the upload, the message goes 2 s after it.",
    machine: mediaUploadMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
]
