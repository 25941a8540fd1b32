import { BlogForm } from "./blog-form.tsx"

export default function AddBlogPage() {
  return <BlogForm blogId={null} />
}
