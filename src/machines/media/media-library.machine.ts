import * as mediaApi from "../../api/media/media.api.ts"
import * as mediaCalls from "../../api/contract/media/media.endpoints.ts"
import { ALT_MAX_LENGTH, MEDIA_ALT_SAVED, MEDIA_DELETED, mediaUseLabels, type MediaItem } from "../../api/contract/media/media.ts"
import { MediaAltRequest } from "../../api/contract/media/media.ts"
import { messageOf } from "../../api/api-error.ts"
import { createContentFormMachine } from "../content/content-form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"

export const MEDIA_PAGE_SIZE = 24
export const MEDIA_LIST_FAILED = "Failed to load the media library."
export const MEDIA_EMPTY = "The library is empty. Upload an image to start it."

/** The library's grid: newest first, searched by alt text. */
export const mediaListMachine = createPagedListMachine<MediaItem>({
  id: "mediaList",
  pageSize: MEDIA_PAGE_SIZE,
  failureMessage: MEDIA_LIST_FAILED,
  fetchPage: async ({ page, limit, search }) => {
    const answer = await mediaApi.listMedia({ page, limit, search })
    return { rows: [...answer.data], total: answer.pagination.total }
  },
})

/** Alt text: what the image shows, required for every image the library takes. */
export const mediaAltFields: readonly FieldSpec[] = [
  {
    name: "alt",
    label: "Alt text",
    kind: "textarea",
    schema: MediaAltRequest.fields.alt,
    hint: `What the image shows, for people who cannot see it (at most ${ALT_MAX_LENGTH} characters).`,
  },
]

/** Upload: the image and its alt text, both required. */
export const mediaUploadMachine = createContentFormMachine<MediaItem>({
  id: "mediaUpload",
  call: mediaCalls.uploadMedia,
  fields: mediaAltFields,
  image: { label: "Image" },
  idOf: (m) => m._id,
  valuesOf: (m) => ({ alt: m.alt }),
  save: async ({ values, file }) => mediaApi.uploadMedia(file!, values["alt"] ?? ""),
})

/** Edit alt text: the alt text of an image in the library (its file does not change). */
export const mediaAltMachine = createContentFormMachine<MediaItem>({
  id: "mediaAlt",
  call: mediaCalls.updateMediaAlt,
  fields: mediaAltFields,
  image: null,
  idOf: (m) => m._id,
  valuesOf: (m) => ({ alt: m.alt }),
  save: async ({ itemId, values }) => ({ message: (await mediaApi.updateMediaAlt(itemId!, values["alt"] ?? "")).message || MEDIA_ALT_SAVED }),
})

/** Delete, after a confirmation that names where the image is still used. */
export const mediaActionsMachine = createRowActionsMachine({
  id: "mediaActions",
  remove: mediaApi.deleteMedia,
  calls: { remove: mediaCalls.deleteMedia },
  deletedMessage: MEDIA_DELETED,
  deleteFailure: (error) => messageOf(error, "Failed to delete the image."),
})

/** The confirmation's question: where the image is used, when it is. */
export function deleteQuestion(item: MediaItem | undefined): string {
  if (!item || item.usedIn.length === 0) return "Delete this image from the library? Its variants are deleted with it."
  const places = item.usedIn.map((u) => `${mediaUseLabels[u.kind]} “${u.label}”`).join("; ")
  return `This image is still used by: ${places}. Delete it from the library anyway? Those pages keep showing it until they get another image.`
}
