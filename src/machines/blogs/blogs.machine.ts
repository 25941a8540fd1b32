import { isApiError } from "../../api/api-error.ts"
import * as blogApi from "../../api/blogs/blog.api.ts"
import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"
import { blogSorts, type Blog } from "../../api/contract/blogs/blog.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { dayRangeProblem, noDays, withDayBounds } from "../day-range.ts"
import { blogListScreen } from "../../api/contract/blogs/blog-list-screen.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"

/** The Blogs table pages by 10 (the list page size of spec section 9). */
export const BLOG_PAGE_SIZE = 10

/**
 * Blogs, newest first or by name or date either way (issue 26); its Status filter keeps the Active or the Inactive ones,
 * its Created days those created on them.
 */
export const blogListMachine = createPagedListMachine<Blog>({
  id: "blogList",
  pageSize: BLOG_PAGE_SIZE,
  call: blogCalls.listBlogs,
  failureMessage: blogListScreen.failure,
  sorts: blogSorts,
  // Status: "" (every blog), "active" or "inactive"; the Created days.
  filters: { status: "", ...noDays },
  filtersProblem: dayRangeProblem,
  fetchPage: async (request) => {
    const answer = await blogApi.listBlogs(withDayBounds(request))
    return { rows: [...answer.data], total: answer.pagination.total }
  },
})

const answered = (error: unknown) => isApiError(error) && error.kind === "http"

/** Spec section 8: what a refused status change or delete of a blog says (the row's and the bulk bar's). */
export const STATUS_FAILED = "Failed to update status."
export const DELETE_FAILED = "Failed to delete the blog."

/** Spec section 8: 'Failed to …' when the server refused, 'Error …' when it could not be reached. */
export const blogActionsMachine = createRowActionsMachine({
  id: "blogActions",
  remove: blogApi.deleteBlog,
  setStatus: blogApi.setBlogStatus,
  calls: { remove: blogCalls.deleteBlog, setStatus: blogCalls.updateBlogStatus },
  deletedMessage: "Blog deleted successfully.",
  deleteFailure: (error) => (answered(error) ? DELETE_FAILED : "Error deleting blog."),
  statusFailure: (error) => (answered(error) ? STATUS_FAILED : "Error updating status."),
})
