import { MessageAnswer } from "../common.ts"
import { ContentPageQuery, contentImagePart, IdParams } from "./content-common.ts"
import { endpoint } from "../endpoint.ts"
import { GALLERY_IMAGE_FIELD, GalleryAnswer, GalleryCreateFields, GalleryListAnswer } from "./gallery.ts"
import { contentRoles } from "../blogs/blog.endpoints.ts"

export const addGalleryImage = endpoint({
  name: "addGalleryImage",
  method: "POST",
  path: "/gallery/add",
  body: GalleryCreateFields,
  multipart: true,
  files: { [GALLERY_IMAGE_FIELD]: contentImagePart(true) },
  answer: GalleryAnswer,
  access: contentRoles,
  summary: "Add a gallery image (multipart: the `image` file)",
})

export const listGallery = endpoint({
  name: "listGallery",
  method: "GET",
  path: "/gallery/get",
  query: ContentPageQuery,
  answer: GalleryListAnswer,
  access: contentRoles,
  summary: "Gallery images, newest first, with pagination.total",
})

export const deleteGalleryImage = endpoint({
  name: "deleteGalleryImage",
  method: "DELETE",
  path: "/gallery/delete/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: contentRoles,
  summary: "Delete a gallery image",
})

export const galleryEndpoints = [addGalleryImage, listGallery, deleteGalleryImage]
