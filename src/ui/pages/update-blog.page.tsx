import { BlogForm } from "./blog-form/blog-form.tsx"

/** /blog/{blogId}: keyed by the id so opening another blog starts a fresh form. */
export default function UpdateBlogPage({ params }: { params: Record<string, string | undefined> }) {
  const blogId = params.blogId ?? ""
  return <BlogForm key={blogId} blogId={blogId} />
}
