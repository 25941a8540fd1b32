import { REVISION_NOT_FOUND, REVISION_RESTORED, type BlogRevision, type BlogRevisionSummary } from "../../../src/api/contract/blogs/blog-revisions.ts"
import type { AppDeps } from "../../deps.ts"
import type { Db } from "../../db/database.ts"
import { uploadUrl } from "../../db/repositories/blogs.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { type Fields, snapshotOf } from "../audit/projections.ts"
import { notFound } from "../errors.ts"
import { updateBlog } from "./blogs.service.ts"
import { textOf } from "./sanitize-blog-html.ts"
import { isSlateDocument, sanitizeSlate, slateText } from "./sanitize-slate.ts"

type Deps = Pick<AppDeps, "db" | "uploads" | "now">

const changeOf: Record<string, (after: Fields) => string> = {
  "blog.created": () => "Created",
  "blog.updated": () => "Updated",
  "blog.statusChanged": (after) => (after["status"] === false ? "Unpublished" : "Published"),
}

interface Revision {
  summary: BlogRevisionSummary
  fields: Fields
}

const text = (value: unknown): string => (typeof value === "string" ? value : "")

/**
 * The blog after each of its recorded changes, newest first. Walked back from the row as it is now: each
 * event's `before` holds the old values of the fields it changed, so the blog before a change is the blog
 * after it with those values put back. A log without the blog's creation ends with the blog as first recorded.
 */
async function revisionsOf(db: Db, id: string): Promise<Revision[]> {
  const now = await snapshotOf(db, "blog", id)
  if (!now) throw notFound("Blog not found.")
  const events = await db
    .selectFrom("events")
    .leftJoin("users", "users.id", "events.actor_id")
    .select(["events.id", "events.type", "events.at", "events.before", "users.name"])
    .where("events.entity_type", "=", "blog")
    .where("events.entity_id", "=", id)
    .orderBy("events.id", "desc")
    .execute()
  const revisions: Revision[] = []
  let fields: Fields | null = now
  for (const event of events) {
    if (!fields) break
    const change = changeOf[event.type]
    if (change) {
      revisions.push({
        fields,
        summary: {
          id: String(event.id),
          at: new Date(event.at).toISOString(),
          by: event.name,
          change: change(fields),
          title: text(fields["title"]),
          current: revisions.length === 0,
        },
      })
    }
    fields = event.type === "blog.created" ? null : { ...fields, ...((event.before as Fields | null) ?? {}) }
  }
  if (fields) {
    revisions.push({
      fields,
      summary: { id: "initial", at: null, by: null, change: "As first recorded", title: text(fields["title"]), current: revisions.length === 0 },
    })
  }
  return revisions
}

/** GET /blog/revisions/:id */
export async function listBlogRevisions(deps: Pick<Deps, "db">, id: string) {
  return { success: true, data: (await revisionsOf(deps.db, id)).map((r) => r.summary) }
}

async function revisionOf(db: Db, id: string, revision: string): Promise<Revision> {
  const found = (await revisionsOf(db, id)).find((r) => r.summary.id === revision)
  if (!found) throw notFound(REVISION_NOT_FOUND)
  return found
}

/** GET /blog/revisions/:id/:revision */
export async function getBlogRevision(deps: Pick<Deps, "db">, id: string, revision: string) {
  const { summary, fields } = await revisionOf(deps.db, id, revision)
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
  const { fields } = await revisionOf(deps.db, id, revision)
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
