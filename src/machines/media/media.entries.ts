import type { MachineEntry } from "../machine-entry.ts"
import { mediaUploadMachine } from "./media-library.machine.ts"
import { mediaPickerMachine } from "./media-picker.machine.ts"

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
  {
    id: "media-picker",
    file: "media-picker",
    title: "Choose from library",
    summary: "Beside a content form's image: the library opens over the form; the image picked becomes the form's image, and closing picks nothing.",
    machine: mediaPickerMachine,
  },
]
