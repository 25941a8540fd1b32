import { MessageAnswer } from "../common.ts"
import { BLOG_IMAGE_FIELD, BlogAnswer, BlogCreateFields, BlogDetailsAnswer, BlogListAnswer, BlogStatusRequest, BlogUpdateFields } from "../blog.ts"
import { ContentPageQuery, contentImageTypes, IdParams } from "../content-common.ts"
import { endpoint } from "../endpoint.ts"

/** Website content is managed by Admin and Editor (spec section 6). */
export const contentRoles = ["Admin", "Editor"] as const

export const createBlog = endpoint({
  name: "createBlog",
  method: "POST",
  path: "/blog/create",
  body: BlogCreateFields,
  multipart: true,
  files: { [BLOG_IMAGE_FIELD]: { required: true, mediaTypes: contentImageTypes } },
  answer: BlogAnswer,
  access: contentRoles,
  summary: "Create a blog (multipart: text fields and the `image` file, required); the body is sanitised, the slug made unique",
  refusals: { 409: "Another blog took this address at the same moment" },
})

export const listBlogs = endpoint({
  name: "listBlogs",
  method: "GET",
  path: "/blog/get",
  query: ContentPageQuery,
  answer: BlogListAnswer,
  access: contentRoles,
  summary: "Every blog, newest first, with pagination.total",
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
  files: { [BLOG_IMAGE_FIELD]: { required: false, mediaTypes: contentImageTypes } },
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

export const blogEndpoints = [createBlog, listBlogs, getBlogDetails, updateBlog, deleteBlog, updateBlogStatus]
