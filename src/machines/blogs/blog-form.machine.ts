import { isApiError } from "../../api/api-error.ts"
import * as blogApi from "../../api/blogs/blog.api.ts"
import { BlogCreateFields, type Blog } from "../../api/contract/blogs/blog.ts"
import { imageFileSpec } from "../content/content-form.machine.ts"
import { BLOG_REDIRECT_MS } from "../content/content-timings.ts"
import type { FieldSpec, FormValues } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"

const fields = BlogCreateFields.fields

/** Add Blog and Update Blog (spec section 2): Blog Name, Title, Keyword, Description, Image, About Blog. */
export const blogFields: readonly FieldSpec[] = [
  { name: "blogName", label: "Blog Name", kind: "text", schema: fields.blogName },
  { name: "title", label: "Title", kind: "text", schema: fields.title },
  { name: "keyword", label: "Keyword", kind: "text", schema: fields.keyword },
  { name: "description", label: "Description", kind: "textarea", schema: fields.description },
  { name: "about", label: "About Blog", kind: "richText", schema: fields.about },
]
/** Required on add, optional on update (spec section 5). */
export const blogImage = imageFileSpec({ label: "Image" })

export const BLOG_ADDED = "Blog added successfully!"
export const BLOG_UPDATED = "Blog updated successfully!"

/** Spec section 8: add failures read 'Error: {message}'; update failures have their own fallbacks. */
export function blogSaveFailure(error: unknown, isUpdate: boolean): string {
  const hasMessage = isApiError(error) && error.kind === "http" && error.message && error.message !== "An error occurred."
  if (hasMessage) return `Error: ${error.message}`
  if (!isUpdate) return "Error: Something went wrong."
  return isApiError(error) && error.kind === "http" ? "Failed to update the blog." : "Error updating blog. Please try again."
}

/** The form's text as the blog calls send it. */
export const blogTextOf = (values: FormValues): blogApi.BlogText => ({
  blogName: values["blogName"] ?? "",
  title: values["title"] ?? "",
  keyword: values["keyword"] ?? "",
  description: values["description"] ?? "",
  about: values["about"] ?? "",
})

/**
 * The Add Blog and Update Blog pages (input `{ itemId }`: the blog's id, or null to add). Update loads
 * the blog first ('Failed to fetch blog details.'). Adding announces 'Blog added successfully!' and goes
 * to /blogs at once; updating shows 'Blog updated successfully!' and goes back 1.5 s later (`finished`).
 */
export const blogFormMachine = createFormMachine<{ message: string }, Blog, null>({
  id: "blogForm",
  fields: blogFields,
  files: [blogImage],
  initialExtra: null,
  load: { fetch: blogApi.getBlog, failure: "Failed to fetch blog details.", call: blogCalls.getBlogDetails },
  call: [blogCalls.createBlog, blogCalls.updateBlog],
  fromItem: (blog) => ({
    itemId: blog._id,
    values: { blogName: blog.blogName, title: blog.title, keyword: blog.keyword, description: blog.description, about: blog.about },
    preview: blog.image,
  }),
  submit: ({ mode, itemId, values, files }) => {
    const image = (files[blogImage.name] as File | undefined) ?? null
    return mode === "update" && itemId ? blogApi.updateBlog(itemId, blogTextOf(values), image) : blogApi.createBlog(blogTextOf(values), image!)
  },
  // Adding leaves the page at once: the page's toast says it, so the form shows nothing.
  succeeded: (_answer, mode) => ({ message: mode === "update" ? { text: BLOG_UPDATED, tone: "success" } : null }),
  failed: (error, _onField, mode) => ({ message: { text: blogSaveFailure(error, mode === "update"), tone: "error" } }),
  after: { ms: (mode) => (mode === "update" ? BLOG_REDIRECT_MS : 0), then: "final" },
})
