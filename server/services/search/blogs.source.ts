import { getBlogDetails } from "../../../src/api/contract/blogs/blog.endpoints.ts"
import { likePattern } from "../../db/paging.ts"
import type { SearchSource } from "./search-source.ts"

/** Whoever edits blogs (the Admin and Editors) finds one by its name, title or URL; a result opens it. */
export const blogsSource: SearchSource = {
  kind: "blog",
  access: getBlogDetails.access,
  async search(deps, { q, limit }) {
    const pattern = likePattern(q)
    const rows = await deps.db
      .selectFrom("blogs")
      .select(["id", "blog_name", "slug", "status"])
      .where((eb) => eb.or([eb("blog_name", "ilike", pattern), eb("title", "ilike", pattern), eb("slug", "ilike", pattern)]))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      kind: "blog",
      id: row.id,
      title: row.blog_name,
      subtitle: `/${row.slug} · ${row.status ? "Published" : "Unpublished"}`,
      href: `/blog/${encodeURIComponent(row.id)}`,
    }))
  },
}
