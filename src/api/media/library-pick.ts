import { LIBRARY_IMAGE_FIELD } from "../contract/content/content-common.ts"
import type { MediaItem } from "../contract/media/media.ts"

/**
 * An image chosen from the media library for a content form (issue 28). It stands where a chosen file
 * stands (a named Blob of the image's type, so the form checks and requires it as one), carries no bytes,
 * and is sent as `libraryImage` with the image's id instead of a file part.
 */
export type LibraryPick = Blob & { readonly name: string; readonly libraryId: string; readonly url: string }

export const libraryPick = (item: MediaItem): LibraryPick =>
  Object.assign(new Blob([], { type: item.type }), { name: item.alt, libraryId: item._id, url: item.url })

export const isLibraryPick = (file: unknown): file is LibraryPick => file instanceof Blob && typeof (file as Partial<LibraryPick>).libraryId === "string"

/** A form's image as its multipart fields: the file under its own name, or a library pick as `libraryImage`. */
export const imageFields = (field: string, image: Blob | null | undefined): Record<string, Blob | string | null | undefined> =>
  isLibraryPick(image) ? { [LIBRARY_IMAGE_FIELD]: image.libraryId } : { [field]: image }
