import sanitizeHtml from "sanitize-html"
import { blogColors } from "../../../src/api/contract/blogs/blog.ts"

/** The 8 colours the editor offers, by name or by their hex value (any case). */
const colorValue = new RegExp(`^(${blogColors.map((c) => `${c.name}|${c.hex}`).join("|")})$`, "i")

/**
 * The allowlist for blog bodies (the `about` field). Only what the rich-text editor produces survives:
 * paragraphs, headings, lists, bold, italic, underline, links with http(s)/mailto addresses, and
 * spans whose only style is one of the 8 allowed colours. Everything else (scripts, event handlers,
 * iframes, images, forms, javascript: or data: links, other styles) is dropped. Sanitising its own
 * output gives the same text, so stored bodies are stable across edits.
 */
/**
 * The rule sanitize-html applies to href (a relative address, or http, https, mailto; never
 * protocol-relative), decided here too so that a refused link can keep its words.
 */
function allowedLink(href: string | undefined): boolean {
  // Browsers skip control characters and spaces anywhere in a scheme ("jav\tascript:"), so they are dropped here too.
  // oxlint-disable-next-line no-control-regex
  const address = (href ?? "").replace(/[\u0000-\u0020]+/g, "")
  if (address === "" || address.startsWith("//")) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]
  return !scheme || ["http", "https", "mailto"].includes(scheme.toLowerCase())
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h1", "h2", "h3", "ul", "ol", "li", "strong", "em", "u", "a", "span"],
  allowedAttributes: { a: ["href", "target", "rel"], span: ["style"] },
  allowedStyles: { span: { color: [colorValue] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["style", "script", "textarea", "option", "noscript", "template", "title", "iframe", "object"],
  transformTags: {
    b: "strong",
    i: "em",
    // Links open in a new tab and never hand the opener to the page they lead to. One whose address is
    // missing or refused leads nowhere: it becomes a bare span, so only its words are kept.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      allowedLink(attribs.href)
        ? { tagName, attribs: { href: attribs.href!.trim(), target: "_blank", rel: "noopener noreferrer" } }
        : { tagName: "span", attribs: {} },
  },
}

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, options).trim()
}

/** The visible text of a body, to refuse one that sanitising left empty. */
export const textOf = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .trim()
