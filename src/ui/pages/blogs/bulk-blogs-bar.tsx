import type { ActorRefFrom } from "xstate"
import type { Blog } from "../../../api/contract/blogs/blog.ts"
import type { BlogBulkAction, bulkBlogsMachine } from "../../../machines/blogs/bulk-blogs.machine.ts"
import { BulkBar, countOf, type BulkChoice, type BulkWords } from "../../components/bulk-bar.tsx"

const blogs = countOf("blog")

const CHOICES: readonly BulkChoice<BlogBulkAction>[] = [
  { action: "publish", label: "Publish" },
  { action: "unpublish", label: "Unpublish" },
  { action: "delete", label: "Delete", danger: true },
]

const past: Record<BlogBulkAction, string> = { publish: "published", unpublish: "unpublished", delete: "deleted" }
const doing: Record<BlogBulkAction, string> = { publish: "Publishing", unpublish: "Unpublishing", delete: "Deleting" }

const words: BulkWords<Blog, BlogBulkAction> = {
  group: "Act on the chosen blogs",
  rowName: (blog) => blog.blogName,
  running: (action, n) => `${doing[action]} ${blogs(n)}…`,
  done: (action, n) => `${blogs(n)} ${past[action]}.`,
  refused: (action, n) => `${blogs(n)} not ${past[action]}:`,
  undone: (n) => `Undone: ${blogs(n)} put back.`,
  confirmation: (_action, n) => ({
    title: "Delete blogs",
    question: `Are you sure you want to delete ${blogs(n)}? Each is removed with its image and cannot be brought back.`,
    confirmLabel: `Delete ${blogs(n)}`,
  }),
}

/** The Blogs list's bulk bar (issue 26): Publish and Unpublish (Undo for 5 s), and Delete, which asks first. */
export function BulkBlogsBar({ actor }: { actor: ActorRefFrom<typeof bulkBlogsMachine> }) {
  return <BulkBar actor={actor} choices={CHOICES} words={words} rowKey={(blog) => blog._id} />
}
