import { IdParams, contentImageTypes } from "../content/content-common.ts"
import { contentRoles } from "../blogs/blog.endpoints.ts"
import { MessageAnswer } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import {
  MEDIA_IMAGE_FIELD,
  MEDIA_UPLOAD_BYTES,
  MediaAltRequest,
  MediaAnswer,
  MediaDeleteQuery,
  MediaListAnswer,
  MediaListQuery,
  MediaUploadFields,
} from "./media.ts"

export const listMedia = endpoint({
  name: "listMedia",
  method: "GET",
  path: "/media",
  query: MediaListQuery,
  answer: MediaListAnswer,
  access: contentRoles,
  summary: "The media library, newest first, or the images whose alt text holds `search`; each with its variants, srcset values and where it is used",
})

export const uploadMedia = endpoint({
  name: "uploadMedia",
  method: "POST",
  path: "/media",
  body: MediaUploadFields,
  multipart: true,
  files: { [MEDIA_IMAGE_FIELD]: { required: true, mediaTypes: contentImageTypes, maxBytes: MEDIA_UPLOAD_BYTES } },
  answer: MediaAnswer,
  access: contentRoles,
  summary:
    "Add an image to the library (multipart: `image` and its `alt` text): checked by its bytes, stripped of metadata, turned upright, stored with variants 320, 640 and 1280 px wide as WebP and in its own format, each named by a hash of its bytes",
})

export const updateMediaAlt = endpoint({
  name: "updateMediaAlt",
  method: "PATCH",
  path: "/media/:id",
  params: IdParams,
  body: MediaAltRequest,
  answer: MediaAnswer,
  access: contentRoles,
  summary: "Change an image's alt text",
  refusals: { 404: "No image has this id" },
})

export const deleteMedia = endpoint({
  name: "deleteMedia",
  method: "DELETE",
  path: "/media/:id",
  params: IdParams,
  query: MediaDeleteQuery,
  answer: MessageAnswer,
  access: contentRoles,
  summary:
    "Take an image out of the library with its variants. One still used (see `usedIn`) is refused with 409 unless `force=true`; the records that show it keep its original until they get another image",
  refusals: { 404: "No image has this id", 409: "The image is still used and `force=true` was not sent" },
})

export const mediaEndpoints = [listMedia, uploadMedia, updateMediaAlt, deleteMedia]
