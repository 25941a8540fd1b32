import { describe, expect, it } from "vitest"
import { Blog, BlogCreateFields, BlogListAnswer, BlogUpdateFields, SlugParams } from "../../src/api/contract/blogs/blog.ts"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import { CreateEditorRequest, Editor } from "../../src/api/contract/editors/editor.ts"
import { PressCreateFields } from "../../src/api/contract/content/press.ts"
import { Testimonial } from "../../src/api/contract/content/testimonial.ts"

const message = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("expected a decode failure")
}

const blog = {
  _id: "b1",
  blogName: "Morning Yoga",
  title: "Ten minutes",
  keyword: "yoga",
  description: "Short",
  image: "/uploads/x.png",
  about: "<p>x</p>",
  slug: "morning-yoga",
  status: true,
  createdAt: "2026-11-01T00:00:00.000Z",
}

describe("content contract", () => {
  it("accepts the spec's blog and list shapes and needs pagination.total", () => {
    expect(decodeOrThrow(Blog, blog, "")).toEqual(blog)
    const list = { success: true, data: [blog], pagination: { total: 1, page: 1, limit: 100, totalPages: 1 } }
    expect(decodeOrThrow(BlogListAnswer, list, "").pagination.total).toBe(1)
    expect(message(() => decodeOrThrow(BlogListAnswer, { success: true, data: [blog], pagination: { page: 1, limit: 1, totalPages: 1 } }, ""))).toBe(
      "pagination.total: is required",
    )
    expect(message(() => decodeOrThrow(Blog, { ...blog, status: "true" }, ""))).toBe("status: Expected boolean")
  })

  it("trims blog fields, requires them on create and accepts any subset on update", () => {
    const fields = { blogName: " Yoga ", title: "t", keyword: "k", description: "d", about: "<p>a</p>" }
    expect(decodeOrThrow(BlogCreateFields, fields, "").blogName).toBe("Yoga")
    expect(message(() => decodeOrThrow(BlogCreateFields, { ...fields, title: "   " }, ""))).toBe("title: is required")
    expect(decodeOrThrow(BlogUpdateFields, { title: "New" }, "")).toEqual({ title: "New" })
  })

  it("keeps the product's `summery` spelling for testimonials", () => {
    const t = { _id: "t1", name: "Ritika", summery: "Great", avatar: "/uploads/a.png", createdAt: "2026-11-01T00:00:00.000Z" }
    expect(decodeOrThrow(Testimonial, t, "")).toEqual(t)
    expect(message(() => decodeOrThrow(Testimonial, { _id: t._id, name: t.name, summary: "Great", avatar: t.avatar, createdAt: t.createdAt }, ""))).toBe(
      "summery: is required",
    )
  })

  it("accepts only web links and the two press types", () => {
    expect(decodeOrThrow(PressCreateFields, { link: " https://news.example.com/a ", type: "Recognition" }, "")).toEqual({
      link: "https://news.example.com/a",
      type: "Recognition",
    })
    expect(message(() => decodeOrThrow(PressCreateFields, { link: "javascript:alert(1)", type: "Recognition" }, ""))).toMatch(/^link: must be a web address/)
  })

  it("checks the editor form: email format, number of at most 10 characters, role Editor only", () => {
    const ok = { name: "Nina", email: "nina@example.com", number: "9876543210", userRole: "Editor" }
    expect(decodeOrThrow(CreateEditorRequest, ok, "")).toEqual(ok)
    expect(message(() => decodeOrThrow(CreateEditorRequest, { ...ok, email: "nina" }, ""))).toBe("email: must be a valid email address")
    expect(message(() => decodeOrThrow(CreateEditorRequest, { ...ok, number: "98765432101" }, ""))).toBe("number: must be at most 10 characters")
    expect(message(() => decodeOrThrow(CreateEditorRequest, { ...ok, userRole: "Admin" }, ""))).toMatch(/^userRole:/)
    expect(message(() => decodeOrThrow(Editor, { _id: "e", name: "n", email: "e", number: null, role: "Admin", createdAt: "x" }, ""))).toMatch(/^role:/)
  })

  it("accepts only slug-shaped addresses", () => {
    expect(decodeOrThrow(SlugParams, { slug: "morning-yoga-2" }, "")).toEqual({ slug: "morning-yoga-2" })
    expect(message(() => decodeOrThrow(SlugParams, { slug: "../etc" }, ""))).toBe("slug: is not a blog address")
  })
})
