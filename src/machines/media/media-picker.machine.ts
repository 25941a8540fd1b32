import { setup } from "xstate"
import type { MediaItem } from "../../api/contract/media/media.ts"

export type MediaPickerEvent = { type: "picker.open" } | { type: "picker.close" } | { type: "picker.pick"; item: MediaItem }

export const PICKER_EMPTY = "The library is empty. Upload an image with this form, or in the Media Library."

/**
 * "Choose from library" beside a content form's image (issue 28): the library opens over the form, searched
 * and paged as on its own page (its list is the library's paged list); picking an image hands it to the form
 * (`picked`, provided by the view: the form's `file.change`) and closes the library. Closing picks nothing.
 */
export const mediaPickerMachine = setup({
  types: { events: {} as MediaPickerEvent },
  actions: {
    picked: (_, _params: { item: MediaItem }) => {},
  },
}).createMachine({
  id: "mediaPicker",
  initial: "closed",
  states: {
    closed: {
      description: "The form shows its image field, with Choose from library beside it.",
      on: { "picker.open": "open" },
    },
    open: {
      description: "The library's images, newest first, searchable by alt text; each can be chosen.",
      on: {
        "picker.pick": { target: "closed", actions: { type: "picked", params: ({ event }) => ({ item: event.item }) } },
        "picker.close": "closed",
      },
    },
  },
})
