import { describe, expect, it } from "vitest"
import { sanitizeBlogHtml } from "../../server/services/content/sanitize-blog-html.ts"
import { slugify } from "../../server/services/content/slug.ts"
import { blogColors } from "../../src/api/contract/blogs/blog.ts"
import { Email } from "../../src/api/contract/common.ts"
import { CreateSessionRequest } from "../../src/api/contract/counselling/counselling-session.ts"
import { EditorNumber } from "../../src/api/contract/editors/editor.ts"
import { PressLink } from "../../src/api/contract/content/press.ts"
import { htmlText, limitsOf, validateForm, type FieldSpec } from "../../src/machines/form/field-spec.ts"
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

describe("form field validation (the form primitive)", () => {
  const check = (fields: readonly FieldSpec[], values: Record<string, string>, mode: "add" | "update" = "update") =>
    validateForm({ fields, files: [], values, fileStates: {}, mode, now: Date.now() })

  it("treats a body without text as empty", () => {
    expect(htmlText("<p>&nbsp;</p><ul><li> </li></ul>")).toBe("")
    expect(check([{ name: "about", label: "About Blog", kind: "richText" }], { about: "<p><br></p>" }, "add")).toEqual({ about: "About Blog is required." })
  })

  it("checks email, web address, length and choice with the contract's own rules, in the field's words", () => {
    const errors = check(
      [
        { name: "email", label: "Email", kind: "email", schema: Email },
        { name: "link", label: "Link", kind: "url", schema: PressLink },
        { name: "number", label: "Number", kind: "tel", schema: EditorNumber },
        { name: "type", label: "Type", kind: "select", options: ["Press Release", "Recognition"] },
      ],
      { email: "x@", link: "www.example.com", number: "12345678901", type: "Award" },
    )
    expect(errors).toEqual({
      email: "Please enter a valid email address.",
      link: "Link must be a web address starting with http:// or https://.",
      number: "Number must be at most 10 characters.",
      type: "Please choose a Type.",
    })
    expect(check([{ name: "number", label: "Number", kind: "tel", schema: EditorNumber }], { number: "98-765" })).toEqual({
      number: "Number must be digits, with an optional leading +.",
    })
  })

  it("reads the control's limits from the same schema the server checks", () => {
    expect(limitsOf(EditorNumber)).toEqual({ maxLength: 10 })
    expect(limitsOf(CreateSessionRequest.fields.duration)).toEqual({ min: 5, max: 480 })
    expect(limitsOf(CreateSessionRequest.fields.note)).toEqual({ maxLength: 2000 })
  })
})
