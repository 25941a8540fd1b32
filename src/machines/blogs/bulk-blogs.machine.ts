import type { Blog } from "../../api/contract/blogs/blog.ts"
import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"
import * as blogApi from "../../api/blogs/blog.api.ts"
import { createBulkActionMachine, eachRow } from "../bulk-action.machine.ts"
import { DELETE_FAILED, STATUS_FAILED } from "./blogs.machine.ts"

/** What the Blogs list does to many blogs at once (issue 26). */
export type BlogBulkAction = "publish" | "unpublish" | "delete"

export const ALREADY_ACTIVE = "It is already active."
export const ALREADY_INACTIVE = "It is already inactive."

const statusOf = (blog: Blog) => (blog.status ? "active" : "inactive")

/**
 * Sets each blog's status through the row toggle's own call. A blog already in that status is named, not sent:
 * Undo then puts back only what this run changed.
 */
const setEach = (blogs: readonly Blog[], status: boolean) =>
  eachRow(blogs, {
    refusal: (blog) => (blog.status === status ? (status ? ALREADY_ACTIVE : ALREADY_INACTIVE) : null),
    change: (blog) => blogApi.setBlogStatus(blog._id, status),
    from: statusOf,
    failure: STATUS_FAILED,
  })

const deleteEach = (blogs: readonly Blog[]) =>
  eachRow(blogs, { refusal: () => null, change: (blog) => blogApi.deleteBlog(blog._id), from: statusOf, failure: DELETE_FAILED })

/**
 * The Blogs list's bulk actions (Admin and Editor): Publish and Unpublish act at once and can be undone for
 * 5 seconds; Delete asks first and cannot be undone. Each blog goes through its row's own call, one after another.
 */
export const bulkBlogsMachine = createBulkActionMachine<Blog, BlogBulkAction>({
  id: "bulkBlogs",
  rowId: (blog) => blog._id,
  call: [blogCalls.updateBlogStatus, blogCalls.deleteBlog],
  run: (blogs, action) => (action === "delete" ? deleteEach(blogs) : setEach(blogs, action === "publish")),
  // The run changed only blogs in the other status: each goes back to it.
  undo: (done, action) =>
    setEach(
      done.map(({ row }) => ({ ...row, status: action === "publish" })),
      action !== "publish",
    ),
  asksFirst: (action) => action === "delete",
  undoable: (action) => action !== "delete",
  failure: STATUS_FAILED,
})
