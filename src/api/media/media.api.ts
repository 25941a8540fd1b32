import * as api from "../contract/media/media.endpoints.ts"
import { MEDIA_IMAGE_FIELD } from "../contract/media/media.ts"
import { call, toFormData } from "../client.ts"

/** A page of the media library, newest first, or the images whose alt text holds `search`. */
export const listMedia = (request: { page: number; limit: number; search?: string }) =>
  call(api.listMedia, { query: { page: String(request.page), limit: String(request.limit), ...(request.search ? { search: request.search } : {}) } })
export const uploadMedia = (image: File, alt: string) => call(api.uploadMedia, { body: toFormData({ [MEDIA_IMAGE_FIELD]: image, alt }) })
export const updateMediaAlt = (id: string, alt: string) => call(api.updateMediaAlt, { params: { id }, body: { alt } })
/** The console asks first, naming where the image is used; what it sends is the answer to that warning. */
export const deleteMedia = (id: string) => call(api.deleteMedia, { params: { id }, query: { force: "true" } })
