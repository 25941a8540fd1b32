import { blogColors, type BlogColor } from "../../../api/contract/blogs/blog.ts"
import type { BlockElement, BlockType, FormattedText, InlineNode, LinkElement } from "./rich-text-types.ts"

/**
 * The editor's document to and from the HTML stored in a blog's `about` field. The HTML uses only
 * what the server's allowlist keeps, so a saved body comes back exactly as it was written.
 */
type Node = BlockElement | InlineNode

const isText = (node: Node): node is FormattedText => "text" in node
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;")

const BLOCK_TAGS: Record<BlockType, string> = {
  paragraph: "p",
  "heading-one": "h1",
  "heading-two": "h2",
  "bulleted-list": "ul",
  "numbered-list": "ol",
  "list-item": "li",
}

function serializeNode(node: Node): string {
  if (isText(node)) {
    let html = escapeText(node.text)
    if (node.bold) html = `<strong>${html}</strong>`
    if (node.italic) html = `<em>${html}</em>`
    if (node.underline) html = `<u>${html}</u>`
    if (node.color) html = `<span style="color:${node.color}">${html}</span>`
    return html
  }
  const children = node.children.map(serializeNode).join("")
  if (node.type === "link") return `<a href="${escapeAttribute(node.url)}" target="_blank" rel="noopener noreferrer">${children}</a>`
  const tag = BLOCK_TAGS[node.type]
  return `<${tag}>${children}</${tag}>`
}

export const serializeHtml = (nodes: readonly Node[]): string => nodes.map(serializeNode).join("")

export const emptyDocument = (): BlockElement[] => [{ type: "paragraph", children: [{ text: "" }] }]

/** A colour of the palette from a style's value, by name or hex; anything else is dropped. */
export function paletteColor(value: string | undefined): BlogColor | undefined {
  const v = value?.trim().toLowerCase()
  return blogColors.find((c) => c.name === v || c.hex === v)?.name
}

type Marks = Omit<FormattedText, "text">
const TAG_BLOCKS: Record<string, BlockType> = {
  p: "paragraph",
  h1: "heading-one",
  h2: "heading-two",
  h3: "heading-two",
  li: "list-item",
  ul: "bulleted-list",
  ol: "numbered-list",
}

function marksOf(element: Element, marks: Marks): Marks {
  const tag = element.tagName.toLowerCase()
  const next: Marks = { ...marks }
  if (tag === "strong" || tag === "b") next.bold = true
  if (tag === "em" || tag === "i") next.italic = true
  if (tag === "u") next.underline = true
  const color = paletteColor((element as HTMLElement).style?.color)
  if (color) next.color = color
  return next
}

/** Inline content of a block: text and links only; anything block-like inside is flattened into it. */
function inlineOnly(nodes: Node[]): InlineNode[] {
  const flat = nodes.flatMap((n): InlineNode[] => (isText(n) || n.type === "link" ? [n] : inlineOnly(n.children as Node[])))
  return flat.length > 0 ? flat : [{ text: "" }]
}

function toBlock(type: BlockType, children: Node[]): BlockElement {
  if (type === "bulleted-list" || type === "numbered-list") {
    const items = children.map((c): BlockElement => (!isText(c) && c.type === "list-item" ? c : { type: "list-item", children: inlineOnly([c]) }))
    return { type, children: items.length > 0 ? items : [{ type: "list-item", children: [{ text: "" }] }] }
  }
  return { type, children: inlineOnly(children) }
}

function readNode(node: ChildNode, marks: Marks): Node[] {
  if (node.nodeType === 3) return [{ text: node.textContent ?? "", ...marks }]
  if (node.nodeType !== 1) return []
  const element = node as Element
  const tag = element.tagName.toLowerCase()
  if (tag === "br") return [{ text: "\n", ...marks }]
  const children = Array.from(element.childNodes).flatMap((child) => readNode(child, marksOf(element, marks)))
  // A link whose address was refused (or never given) leads nowhere: its words stay, as plain text.
  if (tag === "a" && !element.getAttribute("href")?.trim()) return children
  if (tag === "a") {
    const link: LinkElement = { type: "link", url: element.getAttribute("href") ?? "", children: children.filter(isText) }
    if (link.children.length === 0) link.children = [{ text: "" }]
    return [link]
  }
  const block = TAG_BLOCKS[tag]
  return block ? [toBlock(block, children)] : children
}

/** Top-level inline runs are gathered into paragraphs, since a document is made of blocks. */
export function parseHtml(html: string): BlockElement[] {
  const body = new DOMParser().parseFromString(html, "text/html").body
  const blocks: BlockElement[] = []
  let run: InlineNode[] = []
  const flush = () => {
    if (run.some((n) => !isText(n) || n.text.trim() !== "")) blocks.push({ type: "paragraph", children: run })
    run = []
  }
  for (const node of Array.from(body.childNodes).flatMap((child) => readNode(child, {}))) {
    if (isText(node) || node.type === "link") run.push(node)
    else {
      flush()
      blocks.push(node)
    }
  }
  flush()
  return blocks.length > 0 ? blocks : emptyDocument()
}
