import { REVISION_NOT_FOUND, REVISION_RESTORED, type BlogRevision } from "../../../src/api/contract/blogs/blog-revisions.ts"
import type { AppDeps } from "../../deps.ts"
import { uploadUrl } from "../../db/repositories/blogs.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { revisionOf, revisionsOf, text, type RevisionKind } from "./revisions.ts"
import { updateBlog } from "./blogs.service.ts"
import { textOf } from "./sanitize-blog-html.ts"
import { isSlateDocument, sanitizeSlate, slateText } from "./sanitize-slate.ts"

type Deps = Pick<AppDeps, "db" | "uploads" | "now">

const blogRevisions: RevisionKind = {
  entityType: "blog",
  changeOf: {
    "blog.created": () => "Created",
    "blog.updated": () => "Updated",
    "blog.statusChanged": (after) => (after["status"] === false ? "Unpublished" : "Published"),
  },
  titleOf: (fields) => text(fields["title"]),
  notFound: "Blog not found.",
  noRevision: REVISION_NOT_FOUND,
}

/** GET /blog/revisions/:id */
export async function listBlogRevisions(deps: Pick<Deps, "db">, id: string) {
  return { success: true, data: (await revisionsOf(deps.db, blogRevisions, id)).map((r) => r.summary) }
}

/** GET /blog/revisions/:id/:revision */
export async function getBlogRevision(deps: Pick<Deps, "db">, id: string, revision: string) {
  const { summary, fields } = await revisionOf(deps.db, blogRevisions, id, revision)
  const about = text(fields["about"])
  const data: BlogRevision = {
    ...summary,
    blogName: text(fields["blog_name"]),
    keyword: text(fields["keyword"]),
    description: text(fields["description"]),
    about: isSlateDocument(about) ? sanitizeSlate(about) : about,
    aboutText: isSlateDocument(about) ? slateText(about) : textOf(about),
    image: uploadUrl(text(fields["image"])),
    status: fields["status"] === true,
  }
  return { success: true, data }
}

/**
 * POST /blog/revisions/:id/:revision/restore: the revision's text goes back through the update itself (its
 * sanitising, slug and event), so a restore is one more revision. The image stays: a replaced one is deleted.
 */
export async function restoreBlogRevision(deps: Deps, caller: Caller, id: string, revision: string) {
  const { fields } = await revisionOf(deps.db, blogRevisions, id, revision)
  const restored = await updateBlog(
    deps,
    caller,
    id,
    {
      blogName: text(fields["blog_name"]),
      title: text(fields["title"]),
      keyword: text(fields["keyword"]),
      description: text(fields["description"]),
      about: text(fields["about"]),
    },
    [],
  )
  return { ...restored, message: REVISION_RESTORED }
}
