import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"
import * as blogApi from "../../api/blogs/blog.api.ts"
import { REVISION_RESTORED, type BlogRevision } from "../../api/contract/blogs/blog-revisions.ts"
import { wordDiff } from "../word-diff.ts"
import { createRevisionsMachine, type RevisionComparison } from "../revisions.machine.ts"

/** The fields a comparison lists besides the body, as the blog form names them. */
const comparedFields = [
  ["blogName", "Blog Name"],
  ["title", "Title"],
  ["keyword", "Keyword"],
  ["description", "Description"],
  ["status", "Status"],
] as const

const shown = (value: string | boolean) => (value === true ? "Published" : value === false ? "Unpublished" : value)

export function compareRevisions(older: BlogRevision, newer: BlogRevision): RevisionComparison {
  return {
    from: older,
    to: newer,
    fields: comparedFields.filter(([key]) => older[key] !== newer[key]).map(([key, label]) => ({ label, before: shown(older[key]), after: shown(newer[key]) })),
    body: older.aboutText === newer.aboutText ? null : wordDiff(older.aboutText, newer.aboutText),
    bodyLabel: "Body",
    imageChanged: older.image !== newer.image,
  }
}

/** A blog's Revisions (issue 28), beside its update form; the page reloads its form when `restored` grows. */
export const blogRevisionsMachine = createRevisionsMachine<BlogRevision>({
  id: "blogRevisions",
  calls: { list: blogCalls.listBlogRevisions, get: blogCalls.getBlogRevision, restore: blogCalls.restoreBlogRevision },
  list: async (id) => (await blogApi.listBlogRevisions(id)).data,
  get: async (id, revision) => (await blogApi.getBlogRevision(id, revision)).data,
  restore: (id, revision) => blogApi.restoreBlogRevision(id, revision),
  compare: compareRevisions,
  restoredText: REVISION_RESTORED,
})
