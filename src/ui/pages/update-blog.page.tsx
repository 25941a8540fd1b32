import { BlogForm } from "./blog-form/blog-form.tsx"

export default function UpdateBlogPage({ params }: { params: Record<string, string | undefined> }) {
  return <BlogForm blogId={params.blogId ?? ""} />
}
