import { describe, expect, it, vi } from "vitest"
import * as blogApi from "../../src/api/blogs/blog.api.ts"
import { setViewerZone } from "../../src/machines/account/viewer-zone.ts"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { blogListMachine } from "../../src/machines/blogs/blogs.machine.ts"
import { contentTotalsMachine } from "../../src/machines/content/content-totals.machine.ts"
import { editorListMachine } from "../../src/machines/editors/editors.machine.ts"
import { expertListMachine } from "../../src/machines/content/experts.machine.ts"
import { pressListMachine } from "../../src/machines/content/press.machine.ts"
import { testimonialListMachine } from "../../src/machines/content/testimonials.machine.ts"

const failing = fromPromise(() => Promise.reject(new ApiError("http", 500, "", "x"))) as never

describe("content list machines", () => {
  it("page blogs by 10 and the other content by 100 (spec section 9)", async () => {
    const asked: unknown[] = []
    const pageOf = fromPromise(async ({ input }) => (asked.push(input), { rows: [], total: 25 })) as never
    for (const machine of [blogListMachine, expertListMachine]) {
      const actor = createActor(machine.provide({ actors: { fetchPage: pageOf } }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
    }
    expect(asked).toEqual([
      // Blogs carry their Status filter and Created days (every blog at first).
      { page: 1, limit: 10, search: "", filters: { status: "", from: "", to: "" } },
      { page: 1, limit: 100, search: "" },
    ])
  })

  it.each([
    [expertListMachine, "Failed to fetch experts"],
    [testimonialListMachine, "Failed to fetch testimonial"],
    [pressListMachine, "Failed to fetch press recognition"],
    [editorListMachine, "Failed to fetch editors"],
  ] as const)("shows the spec's fetch failure (%#)", async (machine, text) => {
    const actor = createActor(machine.provide({ actors: { fetchPage: failing } }), { input: {} }).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe(text)
  })
})

describe("Blogs' Created filter (issue 26)", () => {
  it("sends the days as instants beside the Status; a reversed range is not applied, and clearing the days keeps the Status", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const listBlogs = vi
        .spyOn(blogApi, "listBlogs")
        .mockResolvedValue({ success: true, data: [], pagination: { total: 0, page: 1, limit: 10, totalPages: 1 } } as never)
      const actor = createActor(blogListMachine, { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.set", field: "status", value: "active" })
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-20" })
      actor.send({ type: "filter.change", field: "to", value: "2026-11-10" })
      actor.send({ type: "filter.apply" })
      expect(listBlogs).toHaveBeenCalledTimes(2)
      actor.send({ type: "filter.change", field: "to", value: "2026-11-20" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(listBlogs).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { status: "active", from: "2026-11-19T18:30:00.000Z", to: "2026-11-20T18:30:00.000Z" } }),
      )
      actor.send({ type: "filter.change", field: "to", value: "" })
      actor.send({ type: "filter.set", field: "from", value: "" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ status: "active", from: "", to: "" })
      actor.stop()
    } finally {
      setViewerZone(null)
      vi.restoreAllMocks()
    }
  })
})

describe("content totals machine", () => {
  it("shows a spinner until the totals arrive", async () => {
    const totals = { experts: 12, testimonials: 12, blogs: 14, gallery: 12, press: 12 }
    const actor = createActor(contentTotalsMachine.provide({ actors: { fetchTotals: fromPromise(async () => totals) } })).start()
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context.totals).toEqual(totals)
  })

  it("says when the totals cannot be loaded, and tries again on reload", async () => {
    const actor = createActor(contentTotalsMachine.provide({ actors: { fetchTotals: failing } })).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Failed to load content totals.")
    actor.send({ type: "totals.reload" })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
  })
})
