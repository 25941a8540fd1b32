import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { Blog } from "../../src/api/contract/blogs/blog.ts"
import { blogFormMachine, blogSaveFailure } from "../../src/machines/blogs/blog-form.machine.ts"
import { BLOG_REDIRECT_MS } from "../../src/machines/content/content-timings.ts"

const blog: Blog = {
  _id: "b1",
  blogName: "Morning Yoga",
  title: "Ten minutes",
  keyword: "yoga",
  description: "Short",
  image: "/uploads/x.png",
  about: '<p><span style="color:red">Hi</span></p>',
  slug: "morning-yoga",
  status: true,
  createdAt: "2026-11-01T00:00:00.000Z",
}

function start(blogId: string | null, stubs: { load?: () => Promise<Blog | null>; save?: (input: unknown) => Promise<{ message: string }> } = {}) {
  const clock = new SimulatedClock()
  const navigate = vi.fn()
  const notify = vi.fn()
  const save = vi.fn(stubs.save ?? (async (_input: unknown) => ({ message: "ok" })))
  // The page provides these two: a toast after adding, and /blogs once the success has been shown.
  const actor = createActor(
    blogFormMachine.provide({
      actors: { load: fromPromise(stubs.load ?? (async () => blog)), submit: fromPromise(({ input }) => save(input as never)) },
      actions: { submitted: () => notify(), finished: () => navigate("/blogs") },
    }),
    { input: { itemId: blogId }, clock },
  ).start()
  return { actor, clock, navigate, notify, save }
}

const fill = (actor: ReturnType<typeof start>["actor"]) => {
  for (const [field, value] of Object.entries({ blogName: "A", title: "B", keyword: "C", description: "D", about: "<p>E</p>" }))
    actor.send({ type: "field.change", field, value })
}

describe("blog form machine", () => {
  it("Add Blog requires every field, the body's text and the image", () => {
    const { actor, save } = start(null)
    actor.send({ type: "field.change", field: "about", value: "<p> </p>" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({
      blogName: "Blog Name is required.",
      title: "Title is required.",
      keyword: "Keyword is required.",
      description: "Description is required.",
      about: "About Blog is required.",
      image: "Image is required.",
    })
    expect(save).not.toHaveBeenCalled()
  })

  it("Add Blog announces 'Blog added successfully!' and goes to /blogs", async () => {
    const { actor, clock, navigate, notify, save } = start(null)
    fill(actor)
    const file = new File(["x"], "a.png", { type: "image/png" })
    actor.send({ type: "file.change", file })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(save.mock.calls[0]![0]).toMatchObject({ mode: "add", itemId: null, values: { blogName: "A", about: "<p>E</p>" }, files: { image: file } })
    expect(notify).toHaveBeenCalledOnce()
    // Adding leaves at once (no success to show on the page; the toast says it).
    expect(actor.getSnapshot().context.message).toBeNull()
    clock.increment(0)
    expect(actor.getSnapshot().matches("done")).toBe(true)
    expect(navigate).toHaveBeenCalledWith("/blogs")
  })

  it("Update Blog loads the blog, saves without a new image, then returns to /blogs after 1.5 s", async () => {
    const { actor, clock, navigate, save } = start("b1")
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context).toMatchObject({ values: { blogName: "Morning Yoga", about: blog.about }, preview: "/uploads/x.png" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(save.mock.calls[0]![0]).toMatchObject({ mode: "update", itemId: "b1", files: { image: null } })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Blog updated successfully!", tone: "success" })
    clock.increment(BLOG_REDIRECT_MS - 1)
    expect(navigate).not.toHaveBeenCalled()
    clock.increment(1)
    expect(navigate).toHaveBeenCalledWith("/blogs")
  })

  it("shows 'Failed to fetch blog details.' when the blog cannot be loaded", async () => {
    const missing = start("b1", { load: async () => null })
    await waitFor(missing.actor, (s) => s.matches("loadFailed"))
    expect(missing.actor.getSnapshot().context.message?.text).toBe("Failed to fetch blog details.")
    const failing = start("b1", { load: () => Promise.reject(new ApiError("http", 500, "", "x")) })
    await waitFor(failing.actor, (s) => s.matches("loadFailed"))
  })

  it("keeps the input and shows 'Error: {message}' when saving fails", async () => {
    const { actor } = start("b1", { save: () => Promise.reject(new ApiError("http", 400, "Bad Request", "about: is required")) })
    await waitFor(actor, (s) => s.matches("editing"))
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "Error: about: is required", tone: "error" })
    expect(actor.getSnapshot().context.values["blogName"]).toBe("Morning Yoga")
  })

  it.each([
    [new ApiError("http", 500, "", "An error occurred."), false, "Error: Something went wrong."],
    [new ApiError("http", 500, "", "An error occurred."), true, "Failed to update the blog."],
    [new ApiError("network", 0, "", "x"), true, "Error updating blog. Please try again."],
    [new ApiError("http", 409, "", "Another blog took this address"), true, "Error: Another blog took this address"],
  ])("maps a save failure to the spec's text (%#)", (error, isUpdate, text) => {
    expect(blogSaveFailure(error, isUpdate)).toBe(text)
  })
})
