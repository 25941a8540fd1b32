import * as api from "../contract/blogs/blog.endpoints.ts"
import { BLOG_IMAGE_FIELD, isBlogSort, isBlogStatusFilter } from "../contract/blogs/blog.ts"
import { call, toFormData } from "../client.ts"
import { imageFields } from "../media/library-pick.ts"
import { dayQuery } from "../day-query.ts"

export interface BlogText {
  blogName: string
  title: string
  keyword: string
  description: string
  about: string
}

/** A page of the Blogs list in its order (newest first unless `sort` says otherwise), Active or Inactive only with the Status filter. */
export const listBlogs = (request: { page: number; limit: number; sort?: string | undefined; filters?: Record<string, string> }) => {
  const { status, from, to } = request.filters ?? {}
  return call(api.listBlogs, {
    query: {
      page: String(request.page),
      limit: String(request.limit),
      ...(isBlogSort(request.sort) ? { sort: request.sort } : {}),
      ...(isBlogStatusFilter(status) ? { status } : {}),
      ...dayQuery({ from, to }),
    },
  })
}
export const getBlog = async (id: string) => {
  const answer = await call(api.getBlogDetails, { params: { id } })
  return answer.data[0] ?? null
}
export const createBlog = (text: BlogText, image: File) => call(api.createBlog, { body: toFormData({ ...text, ...imageFields(BLOG_IMAGE_FIELD, image) }) })
/** Null fields are skipped, so an update without a new image keeps the stored one. */
export const updateBlog = (id: string, text: BlogText, image: File | null) =>
  call(api.updateBlog, { params: { id }, body: toFormData({ ...text, ...imageFields(BLOG_IMAGE_FIELD, image) }) })
export const deleteBlog = (id: string) => call(api.deleteBlog, { params: { id } })
export const setBlogStatus = (id: string, status: boolean) => call(api.updateBlogStatus, { params: { id }, body: { status } })
export const listBlogRevisions = (id: string) => call(api.listBlogRevisions, { params: { id } })
export const getBlogRevision = (id: string, revision: string) => call(api.getBlogRevision, { params: { id, revision } })
export const restoreBlogRevision = (id: string, revision: string) => call(api.restoreBlogRevision, { params: { id, revision } })
export const getBlogSchedule = (id: string) => call(api.getBlogSchedule, { params: { id } })
/** The form's text and image, set to go live at `publishAt` (an instant with its zone). */
export const scheduleBlog = (id: string, text: BlogText, image: File | null, publishAt: string) =>
  call(api.scheduleBlog, { params: { id }, body: toFormData({ ...text, ...imageFields(BLOG_IMAGE_FIELD, image), publishAt }) })
export const cancelBlogSchedule = (id: string) => call(api.cancelBlogSchedule, { params: { id } })
