import { MessageAnswer } from "../common.ts"
import {
  BLOG_IMAGE_FIELD,
  BlogAnswer,
  BlogCreateFields,
  BlogDetailsAnswer,
  BlogListAnswer,
  BlogListQuery,
  BlogStatusRequest,
  BlogUpdateFields,
} from "./blog.ts"
import { contentImagePart, IdParams } from "../content/content-common.ts"
import { endpoint } from "../endpoint.ts"
import { BlogRevisionAnswer } from "./blog-revisions.ts"
import { BlogScheduleAnswer, BlogScheduledAnswer, BlogScheduleFields } from "./blog-schedule.ts"
import { RevisionParams, RevisionsAnswer } from "../revisions.ts"

/** Website content is managed by Admin and Editor (spec section 6). */
export const contentRoles = ["Admin", "Editor"] as const

export const createBlog = endpoint({
  name: "createBlog",
  method: "POST",
  path: "/blog/create",
  body: BlogCreateFields,
  multipart: true,
  files: { [BLOG_IMAGE_FIELD]: contentImagePart(true) },
  answer: BlogAnswer,
  access: contentRoles,
  summary: "Create a blog (multipart: text fields and the `image` file, required); the body is sanitised, the slug made unique",
  refusals: { 409: "Another blog took this address at the same moment" },
})

export const listBlogs = endpoint({
  name: "listBlogs",
  method: "GET",
  path: "/blog/get",
  query: BlogListQuery,
  answer: BlogListAnswer,
  access: contentRoles,
  summary:
    "Every blog, newest first or by `sort` (blogName, -blogName, createdAt, -createdAt), the Active or Inactive ones only with `status` (active, inactive), only those created from `from` and before `to` (either alone), with pagination.total",
})

export const getBlogDetails = endpoint({
  name: "getBlogDetails",
  method: "GET",
  path: "/blog/getDetails/:id",
  params: IdParams,
  answer: BlogDetailsAnswer,
  access: contentRoles,
  summary: "One blog; `data` is an array holding it",
})

export const updateBlog = endpoint({
  name: "updateBlog",
  method: "PATCH",
  path: "/blog/update/:id",
  params: IdParams,
  body: BlogUpdateFields,
  multipart: true,
  files: { [BLOG_IMAGE_FIELD]: contentImagePart(false) },
  answer: BlogAnswer,
  access: contentRoles,
  summary: "Update a blog (multipart: any text field, optionally a new `image`); a new name gives a new unique slug",
  refusals: { 409: "Another blog took this address at the same moment" },
})

export const deleteBlog = endpoint({
  name: "deleteBlog",
  method: "DELETE",
  path: "/blog/delete/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: contentRoles,
  summary: "Delete a blog and its image",
})

export const updateBlogStatus = endpoint({
  name: "updateBlogStatus",
  method: "PATCH",
  path: "/blog/updateBlogStatus/:id",
  params: IdParams,
  body: BlogStatusRequest,
  answer: BlogAnswer,
  access: contentRoles,
  summary: "Publish (true) or unpublish (false) a blog",
})

export const listBlogRevisions = endpoint({
  name: "listBlogRevisions",
  method: "GET",
  path: "/blog/revisions/:id",
  params: IdParams,
  answer: RevisionsAnswer,
  access: contentRoles,
  summary: "A blog's revisions, newest first: the blog after each recorded change (created, updated, published, unpublished), who made it and when",
})

export const getBlogRevision = endpoint({
  name: "getBlogRevision",
  method: "GET",
  path: "/blog/revisions/:id/:revision",
  params: RevisionParams,
  answer: BlogRevisionAnswer,
  access: contentRoles,
  summary: "One revision's full content, with its body as plain text for comparing two revisions",
  refusals: { 404: "No blog has this id, or the blog has no such revision" },
})

export const restoreBlogRevision = endpoint({
  name: "restoreBlogRevision",
  method: "POST",
  path: "/blog/revisions/:id/:revision/restore",
  params: RevisionParams,
  answer: BlogAnswer,
  access: contentRoles,
  summary:
    "Make a revision's text (name, title, keyword, description, body) the blog's content again, itself recorded as a new revision; the image stays the current one (a replaced image is not kept)",
  refusals: { 404: "No blog has this id, or the blog has no such revision", 409: "Another blog took this address at the same moment" },
})

export const blogRevisionEndpoints = [listBlogRevisions, getBlogRevision, restoreBlogRevision]

export const getBlogSchedule = endpoint({
  name: "getBlogSchedule",
  method: "GET",
  path: "/blog/schedule/:id",
  params: IdParams,
  answer: BlogScheduleAnswer,
  access: contentRoles,
  summary: "The blog's scheduled publish (issue 28): the changes set to go live, when, and who set them; `data` is null when nothing is scheduled",
  refusals: { 404: "No blog has this id" },
})

export const scheduleBlog = endpoint({
  name: "scheduleBlog",
  method: "PUT",
  path: "/blog/schedule/:id",
  params: IdParams,
  body: BlogScheduleFields,
  multipart: true,
  files: { [BLOG_IMAGE_FIELD]: contentImagePart(false) },
  answer: BlogScheduledAnswer,
  access: contentRoles,
  summary:
    "Schedule changes to a blog (multipart: the update's fields, optionally a new `image`, and `publishAt`, in the future and within a year): at that time they go live once, as an update in the scheduler's name, and the blog is published. Replaces a schedule already set",
  refusals: { 404: "No blog has this id" },
})

export const cancelBlogSchedule = endpoint({
  name: "cancelBlogSchedule",
  method: "DELETE",
  path: "/blog/schedule/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: contentRoles,
  summary: "Cancel the blog's scheduled publish; the blog stays as it is",
  refusals: { 404: "No blog has this id, or nothing is scheduled for it" },
})

export const blogScheduleEndpoints = [getBlogSchedule, scheduleBlog, cancelBlogSchedule]

export const blogEndpoints = [
  createBlog,
  listBlogs,
  getBlogDetails,
  updateBlog,
  deleteBlog,
  updateBlogStatus,
  ...blogRevisionEndpoints,
  ...blogScheduleEndpoints,
]
