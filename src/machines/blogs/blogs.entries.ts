import * as blogCalls from "../../api/contract/blogs/blog.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { blogFormMachine } from "./blog-form.machine.ts"
import { blogRevisionsMachine } from "./blog-revisions.machine.ts"
import { blogScheduleMachine } from "./blog-schedule.machine.ts"
import { blogSchedulePanelMachine } from "./blog-schedule-panel.machine.ts"
import { blogStatusMachine } from "./blog-status.machine.ts"
import { blogActionsMachine } from "./blogs.machine.ts"
import { bulkBlogsMachine } from "./bulk-blogs.machine.ts"
import { draftMachine } from "../drafts/draft.machine.ts"
import { myDraftsMachine } from "./my-drafts.machine.ts"

/** The blogs' machines (with their drafts and revisions) as the diagrams show them; the registry takes them as they are. */
export const blogEntries: MachineEntry[] = [
  {
    id: "blog-status",
    workflow: true,
    title: "Blog publication",
    summary:
      "A new blog is published; the Blogs list's toggle unpublishes and publishes it again; an update changes its content in either state; Delete ends it.",
    machine: blogStatusMachine,
    firedBy: {
      "blog.publish": blogCalls.updateBlogStatus,
      "blog.unpublish": blogCalls.updateBlogStatus,
      "blog.update": blogCalls.updateBlog,
      "blog.delete": blogCalls.deleteBlog,
    },
  },
  {
    id: "blog-schedule",
    workflow: true,
    title: "Scheduled publish",
    summary:
      "Changes to a blog set to go live at a time: set again to move or replace them, cancelled, or put live once at their time (the blog updated and published in the scheduler's name); deleting the blog deletes them.",
    machine: blogScheduleMachine,
    firedBy: {
      "schedule.set": blogCalls.scheduleBlog,
      "schedule.cancel": blogCalls.cancelBlogSchedule,
      "schedule.fallDue": "Its time comes: the server's sweep puts the changes live",
      "schedule.blogDeleted": blogCalls.deleteBlog,
    },
  },
  {
    id: "blog-schedule-panel",
    title: "Schedule publish",
    summary:
      "The update page's Schedule publish: the blog's pending schedule read; the form's changes scheduled for a time typed (in the future), again to move it; a pending schedule cancelled after a confirmation.",
    machine: blogSchedulePanelMachine,
  },
  {
    id: "draft",
    title: "A blog's draft",
    summary:
      "The person's draft of the blog form is offered when it opens (Continue or Discard); every change is saved 2 s after typing pauses, and at once when the page is left; publishing removes it.",
    machine: draftMachine,
    delayLabels: { saveDelay: "2 s" },
  },
  {
    id: "my-drafts",
    title: "Your drafts",
    summary: "The Blogs list's own section of the person's unpublished drafts, each leading to its form.",
    machine: myDraftsMachine,
  },
  {
    id: "blog-revisions",
    title: "A blog's revisions",
    summary:
      "The update page's Revisions: the blog after each recorded change, newest first; two compared (fields, and the body word by word); an earlier one restored after a confirmation, as a new revision.",
    machine: blogRevisionsMachine,
  },
  {
    id: "blog-form",
    title: "Add and Update Blog",
    summary: "The blog form with the rich-text editor; after an update it returns to /blogs 1.5 s later.",
    machine: blogFormMachine,
    delayLabels: { successShown: "1.5 s after an update, at once after an add" },
  },
  {
    id: "blogs",
    title: "Blog row actions",
    summary: "Deleting a blog after confirmation, and flipping its status, shown once the call succeeds.",
    machine: blogActionsMachine,
  },
  {
    id: "bulk-blogs",
    title: "Blogs bulk actions",
    summary:
      "Blogs chosen on the Blogs list published or unpublished together (Undo for 5 s) or deleted after asking, each through its row's own call; a summary names those not changed and why.",
    machine: bulkBlogsMachine,
  },
]
