import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"
import { ImageUrl, itemAnswer, libraryImageField, listAnswer } from "./content-common.ts"

/** A gallery image (spec section 3: _id, image). */
export const GalleryItem = Schema.Struct({ _id: Id, image: ImageUrl, createdAt: IsoDateTime })
export type GalleryItem = typeof GalleryItem.Type

/** POST /gallery/add, multipart: the `image` file, or `libraryImage` naming a library image. */
export const GALLERY_IMAGE_FIELD = "image"
export const GalleryCreateFields = Schema.Struct(libraryImageField)

export const GalleryListAnswer = listAnswer(GalleryItem)
export const GalleryAnswer = itemAnswer(GalleryItem)
