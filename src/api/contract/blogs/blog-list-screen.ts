import type { ListColumn } from "../list-column.ts"
import type { Blog } from "./blog.ts"

/* The Blogs list's screen (its definition's other half, blog-list.ts): texts, CSV file and columns. */

/** The empty and failure texts and the CSV file's name (without its date). */
export const blogListScreen = { empty: "No blogs available.", failure: "Failed to fetch blogs.", file: "blogs" } as const

/** A column between S.No and the row's actions, in the spec's order; the URL is the blog's slug. */
export type BlogListColumn = ListColumn<Blog, "blogName" | "slug" | "createdAt">

export const blogListColumns: readonly BlogListColumn[] = [
  { key: "blogName", header: "Blog Name", text: (b) => b.blogName },
  { key: "slug", header: "URL", text: (b) => b.slug },
  { key: "createdAt", header: "Created", text: (b) => b.createdAt },
]
