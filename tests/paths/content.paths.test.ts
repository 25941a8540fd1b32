import { ApiError } from "../../src/api/api-error.ts"
import type { Blog } from "../../src/api/contract/blogs/blog.ts"
import type { Expert } from "../../src/api/contract/content/expert.ts"
import { blogFormMachine } from "../../src/machines/blogs/blog-form.machine.ts"
import { blogActionsMachine, blogListMachine } from "../../src/machines/blogs/blogs.machine.ts"
import { contentTotalsMachine } from "../../src/machines/content/content-totals.machine.ts"
import { expertFormMachine } from "../../src/machines/content/experts.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const failure = new ApiError("http", 400, "Bad Request", "avatar: only PNG, JPEG, WEBP, GIF images are accepted")
const png = new File([new Uint8Array([137, 80, 78, 71])], "face.png", { type: "image/png" })
const expert: Expert = {
  _id: "e1",
  name: "Dr. Kavita Menon",
  designation: "Senior Counsellor",
  avatar: "/uploads/a.png",
  createdAt: "2026-11-01T00:00:00.000Z",
}
const blog: Blog = {
  _id: "b1",
  blogName: "Morning Yoga",
  title: "Ten minutes",
  keyword: "yoga",
  description: "Short",
  image: "/uploads/x.png",
  about: "<p>Hi</p>",
  slug: "morning-yoga",
  status: true,
  createdAt: "2026-11-01T00:00:00.000Z",
}

describeMachinePaths("content form (experts)", {
  machine: expertFormMachine.provide({ actions: { submitted: () => {} } }),
  events: [
    { type: "form.open" },
    { type: "form.open", item: expert },
    { type: "field.change", field: "name", value: "Dr. Test" },
    { type: "field.change", field: "designation", value: "Counsellor" },
    { type: "file.change", file: png },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: { message: "Expert added successfully!" } },
    { type: "submit.error", error: failure },
    { type: "after.successShown" },
    { type: "after.messageRemaining" },
  ],
})

describeMachinePaths("blog form", {
  machine: blogFormMachine.provide({ actions: { submitted: () => {}, finished: () => {} } }),
  input: { itemId: null },
  events: [
    { type: "form.load", itemId: "b1" },
    { type: "form.load", itemId: null },
    { type: "field.change", field: "blogName", value: "Yoga" },
    { type: "field.change", field: "title", value: "Title" },
    { type: "field.change", field: "keyword", value: "yoga" },
    { type: "field.change", field: "description", value: "Short" },
    { type: "field.change", field: "about", value: "<p>Body</p>" },
    { type: "file.change", file: png },
    { type: "form.submit" },
    { type: "load.done", output: blog },
    { type: "load.done", output: null },
    { type: "load.error", error: new ApiError("network", 0, "", "x") },
    { type: "submit.done", output: { message: "ok" } },
    { type: "submit.error", error: new ApiError("http", 400, "Bad Request", "about: is required") },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("blog row actions", {
  machine: blogActionsMachine.provide({ actions: { listChanged: () => {}, notify: () => {} } }),
  events: [
    { type: "delete.request", id: "b1" },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
    { type: "status.toggle", id: "b1", status: false },
    { type: "statuses.forget" },
    { type: "removeRow.done", output: {} },
    { type: "removeRow.error", error: new ApiError("network", 0, "", "x") },
    { type: "setRowStatus.done", output: {} },
    { type: "setRowStatus.error", error: new ApiError("http", 500, "", "x") },
  ],
})

describeMachinePaths("blog list", {
  machine: blogListMachine,
  input: {},
  events: [
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 5 },
    { type: "search.change", search: "yoga" },
    { type: "url.changed", page: 2, search: "yoga" },
    { type: "url.changed", page: 1, search: "" },
    { type: "list.reload" },
    { type: "size.change", size: 25 },
    { type: "column.toggle", column: "Email" },
    // By name, then newest first again, and the filters (the Status, the Created days; each a filter of the one paged
    // list): a first day after the last is only set, never applied (issue 26). The Status beside the days: tests/unit.
    { type: "sort.change", sort: "blogName" },
    { type: "sort.change", sort: "-createdAt" },
    { type: "filter.change", field: "to", value: "2026-11-10" },
    { type: "filter.apply" },
    { type: "filter.set", field: "from", value: "2026-11-20" },
    { type: "filter.clear" },
    { type: "fetchPage.done", output: { rows: [blog], total: 45 } },
    // Rows removed meanwhile: page 5 of 45 is past the end of 35, so the list steps back to page 4.
    { type: "fetchPage.done", output: { rows: [], total: 35 } },
    { type: "fetchPage.error", error: new ApiError("http", 500, "", "x") },
  ],
})

describeMachinePaths("content totals", {
  machine: contentTotalsMachine,
  events: [
    { type: "totals.reload" },
    { type: "fetchTotals.done", output: { experts: 12, testimonials: 12, blogs: 14, gallery: 12, press: 12 } },
    { type: "fetchTotals.error", error: new ApiError("network", 0, "", "x") },
  ],
})
