import { ApiError } from "../../src/api/api-error.ts"
import type { Blog } from "../../src/api/contract/blogs/blog.ts"
import { ALREADY_ACTIVE, bulkBlogsMachine } from "../../src/machines/blogs/bulk-blogs.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const blog = (i: number, status = false): Blog =>
  ({ _id: `b${i}`, blogName: `Blog ${i}`, slug: `blog-${i}`, status, createdAt: "2026-11-01T10:00:00.000Z" }) as unknown as Blog

describeMachinePaths("Blogs bulk actions", {
  machine: bulkBlogsMachine.provide({ actions: { listChanged: () => {} } }),
  events: [
    { type: "selection.toggle", row: blog(1) },
    { type: "selection.setAll", rows: [blog(1), blog(2)], selected: true },
    { type: "selection.setAll", rows: [blog(1), blog(2)], selected: false },
    { type: "selection.clear" },
    { type: "bulk.choose", action: "publish" },
    { type: "bulk.choose", action: "delete" },
    { type: "bulk.confirm" },
    { type: "bulk.cancel" },
    { type: "runAll.done", output: { done: [{ row: blog(1), from: "inactive" }], refused: [{ row: blog(2, true), reason: ALREADY_ACTIVE }] } },
    { type: "runAll.done", output: { done: [], refused: [] } },
    { type: "runAll.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "bulk.undo" },
    { type: "after.undoWindow" },
    { type: "undoAll.done", output: { done: [{ row: blog(1), from: "active" }], refused: [] } },
    { type: "undoAll.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "summary.close" },
  ],
})
