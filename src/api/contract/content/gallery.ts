import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"
import { ImageUrl, itemAnswer, libraryImageField, listAnswer, pictureField } from "./content-common.ts"

/** A gallery image (spec section 3: _id, image). */
export const GalleryItem = Schema.Struct({ _id: Id, image: ImageUrl, createdAt: IsoDateTime })
export type GalleryItem = typeof GalleryItem.Type

/** POST /gallery/add, multipart: the `image` file, or `libraryImage` naming a library image. */
export const GALLERY_IMAGE_FIELD = "image"
export const GalleryCreateFields = Schema.Struct(libraryImageField)

/** A gallery image as lists give it: with its image's picture from the media library. */
export const ListedGalleryItem = Schema.Struct({ ...GalleryItem.fields, ...pictureField })
export type ListedGalleryItem = typeof ListedGalleryItem.Type
export const GalleryListAnswer = listAnswer(ListedGalleryItem)
export const GalleryAnswer = itemAnswer(GalleryItem)
