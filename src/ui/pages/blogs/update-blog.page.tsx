import { useState } from "react"
import { Stack } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { BlogForm } from "./blog-form.tsx"
import { BlogRevisions } from "./blog-revisions.tsx"
import { FoldedRecordHistory } from "../../components/record-history.tsx"
import { notify } from "../../components/toaster.tsx"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { blogRevisionsMachine } from "../../../machines/blogs/blog-revisions.machine.ts"

export default function UpdateBlogPage({ params }: { params: Record<string, string | undefined> }) {
  const blogId = params.blogId ?? ""
  // Another blog's address starts afresh: its own form, revisions and history.
  return <UpdateBlog key={blogId} blogId={blogId} />
}

function UpdateBlog({ blogId }: { blogId: string }) {
  const user = useSelector(authActor, selectUser)
  const [revisionsLogic] = useState(() => blogRevisionsMachine.provide({ actions: { notify: (_, { text, tone }) => notify(text, tone) } }))
  const revisions = useActorRef(revisionsLogic, { input: { itemId: blogId } })
  // A restored revision is the blog's content now: the form is opened afresh on it.
  const restored = useSelector(revisions, (s) => s.context.restored)
  return (
    <Stack gap="5">
      <BlogForm key={restored} blogId={blogId} />
      <BlogRevisions actor={revisions} />
      {/* The event log is the Admins' (issue 25): an Editor's screen stays as it was. */}
      {user?.role === "Admin" ? <FoldedRecordHistory entityType="blog" entityId={blogId} workflow={{ id: "blog-status" }} /> : null}
    </Stack>
  )
}
