import { describe, expect, it } from "vitest"
import { sanitizeBlogHtml } from "../../server/services/content/sanitize-blog-html.ts"
import { slugify } from "../../server/services/content/slug.ts"
import { blogColors } from "../../src/api/contract/blog.ts"
import { htmlText, validateForm } from "../../src/machines/content-validation.ts"
import { paletteColor, serializeHtml } from "../../src/ui/components/rich-text/rich-text-html.ts"

describe("slugify", () => {
  it.each([
    ["Morning Yoga for Busy People", "morning-yoga-for-busy-people"],
    ["  Ça va? Yoga & Tea!  ", "ca-va-yoga-tea"],
    ["!!!", "blog"],
    ["a".repeat(100), "a".repeat(80)],
    ["Know Your Tenant Rights (2026)", "know-your-tenant-rights-2026"],
  ])("%s → %s", (name, slug) => expect(slugify(name)).toBe(slug))
})

describe("rich text serialisation", () => {
  it("writes what the editor holds as HTML the server keeps exactly", () => {
    const html = serializeHtml([
      { type: "heading-one", children: [{ text: "Title" }] },
      {
        type: "paragraph",
        children: [
          { text: "Plain & <safe> " },
          { text: "red bold", bold: true, color: "red" },
          { text: " " },
          { type: "link", url: "https://example.com/?a=1&b=2", children: [{ text: "link", italic: true, underline: true }] },
        ],
      },
      { type: "bulleted-list", children: [{ type: "list-item", children: [{ text: "one", color: "purple" }] }] },
      { type: "numbered-list", children: [{ type: "list-item", children: [{ text: "two" }] }] },
    ])
    expect(html).toBe(
      '<h1>Title</h1><p>Plain &amp; &lt;safe&gt; <span style="color:red"><strong>red bold</strong></span> <a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"><u><em>link</em></u></a></p><ul><li><span style="color:purple">one</span></li></ul><ol><li>two</li></ol>',
    )
    expect(sanitizeBlogHtml(html)).toBe(html)
  })

  it("keeps every palette colour through the server and reads names or hex back", () => {
    for (const c of blogColors) {
      const html = serializeHtml([{ type: "paragraph", children: [{ text: c.name, color: c.name }] }])
      expect(sanitizeBlogHtml(html)).toBe(html)
      expect(paletteColor(c.hex.toUpperCase())).toBe(c.name)
    }
    expect(paletteColor("pink")).toBeUndefined()
  })
})

describe("content form validation", () => {
  it("treats a body without text as empty", () => {
    expect(htmlText("<p>&nbsp;</p><ul><li> </li></ul>")).toBe("")
    const errors = validateForm({ fields: [{ name: "about", label: "About Blog", kind: "richText" }], image: null, mode: "add", values: { about: "<p><br></p>" }, file: null })
    expect(errors).toEqual({ about: "About Blog is required." })
  })

  it("checks email, web address, length and choice", () => {
    const errors = validateForm({
      fields: [
        { name: "email", label: "Email", kind: "email" },
        { name: "link", label: "Link", kind: "url" },
        { name: "number", label: "Number", kind: "text", maxLength: 10 },
        { name: "type", label: "Type", kind: "select", options: ["Press Release", "Recognition"] },
      ],
      image: null,
      mode: "update",
      values: { email: "x@", link: "www.example.com", number: "12345678901", type: "Award" },
      file: null,
    })
    expect(errors).toEqual({
      email: "Please enter a valid email address.",
      link: "Please enter a link starting with http:// or https://.",
      number: "Number must be at most 10 characters.",
      type: "Please choose a Type.",
    })
  })
})
