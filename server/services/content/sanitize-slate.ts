/**
 * A blog body sent as Slate JSON (the editor's own document: an array of nodes) instead of HTML. The
 * console sends HTML, but the API takes either, and a reader of the public API may render Slate nodes
 * as they are: so link and image addresses in them are held to the same rule as in HTML (http, https
 * and mailto only; anything else, `javascript:` or `data:` say, is removed), on save and on every answer.
 */
const URL_KEYS = new Set(["url", "href", "src"])
const ALLOWED_SCHEMES = new Set(["http:", "https:", "mailto:"])
/** Deeper than any document the editor makes; a deeper one is not read as Slate (it stays text). */
const MAX_DEPTH = 32

export function isSlateDocument(about: string): boolean {
  return about.trimStart().startsWith("[") && parse(about) !== undefined
}

function parse(about: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(about)
    return Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

const allowedUrl = (value: unknown): boolean => {
  if (typeof value !== "string") return false
  try {
    return ALLOWED_SCHEMES.has(new URL(value.trim()).protocol)
  } catch {
    return false
  }
}

function clean(node: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return null
  if (Array.isArray(node)) return node.map((child) => clean(child, depth + 1))
  if (!node || typeof node !== "object") return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (URL_KEYS.has(key) && !allowedUrl(value)) continue
    out[key] = clean(value, depth + 1)
  }
  return out
}

/** The document with every disallowed address removed; text that is not a Slate document is returned as it is. */
export function sanitizeSlate(about: string): string {
  if (!about.trimStart().startsWith("[")) return about
  const document = parse(about)
  return document ? JSON.stringify(clean(document, 0)) : about
}

/** The visible text of a Slate document: its leaves' `text`. */
export function slateText(about: string): string {
  const parts: string[] = []
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || !node || typeof node !== "object") return
    if (Array.isArray(node)) return node.forEach((child) => walk(child, depth + 1))
    const { text, children } = node as { text?: unknown; children?: unknown }
    if (typeof text === "string") parts.push(text)
    walk(children, depth + 1)
  }
  walk(parse(about), 0)
  return parts.join("").trim()
}
