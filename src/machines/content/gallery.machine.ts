import * as cardsApi from "../../api/content/content-cards.api.ts"
import { addGalleryImage as addGalleryImageCall } from "../../api/contract/content/gallery.endpoints.ts"
import { deleteGalleryImage as deleteGalleryImageCall } from "../../api/contract/content/gallery.endpoints.ts"
import type { ListedGalleryItem } from "../../api/contract/content/gallery.ts"
import { contentListScreens } from "../../api/contract/content/content-list-screens.ts"
import { CONTENT_LIST_LIMIT, deleteFailed } from "./content-lists.ts"
import { createContentFormMachine } from "./content-form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import type { ImageSpec } from "./content-form.machine.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"
import { createBulkDeleteMachine } from "./content-bulk-delete.ts"

export const galleryListMachine = createPagedListMachine<ListedGalleryItem>({
  id: "galleryList",
  pageSize: CONTENT_LIST_LIMIT,
  failureMessage: contentListScreens.gallery.failure,
  fetchPage: async ({ page, limit }) => {
    const answer = await cardsApi.listGallery(page, limit)
    return { rows: [...answer.data], total: answer.pagination.total }
  },
})

export const galleryFields: readonly FieldSpec[] = []
export const galleryImage: ImageSpec | null = { label: "Image" }

/** The Add Gallery modal: an image file and Upload, which stays disabled without a file (spec section 2). */
export const galleryFormMachine = createContentFormMachine<ListedGalleryItem>({
  id: "galleryForm",
  call: addGalleryImageCall,
  fields: galleryFields,
  image: galleryImage,
  idOf: (g) => g._id,
  valuesOf: () => ({}),
  disableInvalidSubmit: true,
  save: ({ file }) => cardsApi.addGalleryImage(file!),
})

export const galleryActionsMachine = createRowActionsMachine({
  id: "galleryActions",
  remove: cardsApi.deleteGalleryImage,
  calls: { remove: deleteGalleryImageCall },
  deletedMessage: "Image deleted successfully.",
  deleteFailure: deleteFailed,
})

/** Many gallery deleted at once after asking (issue 26). */
export const galleryBulkDeleteMachine = createBulkDeleteMachine<ListedGalleryItem>({
  id: "galleryBulkDelete",
  idOf: (item) => item._id,
  call: deleteGalleryImageCall,
  remove: cardsApi.deleteGalleryImage,
})
