import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"
import { ImageUrl, itemAnswer, listAnswer } from "./content-common.ts"

/** A gallery image (spec section 3: _id, image). */
export const GalleryItem = Schema.Struct({ _id: Id, image: ImageUrl, createdAt: IsoDateTime })
export type GalleryItem = typeof GalleryItem.Type

/** POST /gallery/add, multipart: only the `image` file. */
export const GALLERY_IMAGE_FIELD = "image"

export const GalleryListAnswer = listAnswer(GalleryItem)
export const GalleryAnswer = itemAnswer(GalleryItem)
