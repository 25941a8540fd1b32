import { describe, expect, it } from "vitest"
import { sanitizeBlogHtml } from "../../server/services/content/sanitize-blog-html.ts"
import { blogColors } from "../../src/api/contract/blogs/blog.ts"
import { xssPayloads } from "../xss-payloads.ts"

/** Nothing that can run script survives. */
const dangerous = /<script|<iframe|<object|<embed|<svg|<img|<style|<meta|<form|<input|<body|\son\w+\s*=|javascript:|vbscript:|data:|expression\(/i

describe("blog body sanitiser", () => {
  it.each(xssPayloads)("disarms %s", (payload) => {
    const clean = sanitizeBlogHtml(`<p>before</p>${payload}<p>after</p>`)
    expect(clean).not.toMatch(dangerous)
    expect(clean).toContain("<p>before</p>")
    expect(clean).toContain("<p>after</p>")
    expect(sanitizeBlogHtml(clean)).toBe(clean)
  })

  it("keeps what the editor makes: headings, lists, marks, links and the 8 colours", () => {
    const body = [
      "<h1>One</h1><h2>Two</h2><h3>Three</h3>",
      "<p><strong>b</strong> <em>i</em> <u>u</u></p>",
      "<ul><li>a</li></ul><ol><li>b</li></ol>",
      '<p><a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">link</a></p>',
      ...blogColors.map((c) => `<p><span style="color:${c.name}">${c.name}</span></p>`),
    ].join("")
    expect(sanitizeBlogHtml(body)).toBe(body)
  })

  it("accepts the colours' hex values, and drops any other colour or style", () => {
    expect(sanitizeBlogHtml('<span style="color:#FF0000">x</span>')).toBe('<span style="color:#FF0000">x</span>')
    expect(sanitizeBlogHtml('<span style="color:pink">x</span>')).toBe("<span>x</span>")
    expect(sanitizeBlogHtml('<span style="color:red;font-size:90px">x</span>')).toBe('<span style="color:red">x</span>')
  })

  it("makes every link open in a new tab without the opener, and maps b/i to strong/em", () => {
    expect(sanitizeBlogHtml('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>')
    expect(sanitizeBlogHtml('<a href="mailto:hi@example.com" target="_top">x</a>')).toBe(
      '<a href="mailto:hi@example.com" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeBlogHtml("<b>x</b><i>y</i>")).toBe("<strong>x</strong><em>y</em>")
  })

  it("turns a link whose address is refused or missing into its words, so nothing points nowhere", () => {
    expect(sanitizeBlogHtml('<p>see <a href="javascript:alert(1)">this</a> now</p>')).toBe("<p>see <span>this</span> now</p>")
    expect(sanitizeBlogHtml('<p><a href=" jav&#x09;ascript:x">a</a><a>b</a><a href="">c</a><a href="//evil.example">d</a></p>')).toBe(
      "<p><span>a</span><span>b</span><span>c</span><span>d</span></p>",
    )
    expect(sanitizeBlogHtml('<a href="/blogs">ours</a>')).toBe('<a href="/blogs" target="_blank" rel="noopener noreferrer">ours</a>')
  })
})
