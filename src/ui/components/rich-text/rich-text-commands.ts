import { Editor, Element, Range, Transforms } from "slate"
import type { BlogColor } from "../../../api/contract/blogs/blog.ts"
import type { BlockType, ListType, Mark } from "./rich-text-types.ts"

/** Editing commands behind the toolbar; each works on the current selection. */
const LIST_TYPES: readonly BlockType[] = ["bulleted-list", "numbered-list"]

export const isMarkActive = (editor: Editor, mark: Mark): boolean => Editor.marks(editor)?.[mark] === true

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark)
  else Editor.addMark(editor, mark, true)
}

export const activeColor = (editor: Editor): BlogColor | "" => Editor.marks(editor)?.color ?? ""

export function setColor(editor: Editor, color: BlogColor | ""): void {
  if (color) Editor.addMark(editor, "color", color)
  else Editor.removeMark(editor, "color")
}

export function isBlockActive(editor: Editor, type: BlockType): boolean {
  const { selection } = editor
  if (!selection) return false
  const [match] = Editor.nodes(editor, { at: Editor.unhangRange(editor, selection), match: (n) => Element.isElement(n) && n.type === type })
  return Boolean(match)
}

/** Headings and paragraphs switch in place; lists wrap the selected blocks as list items. */
export function toggleBlock(editor: Editor, type: BlockType): void {
  const active = isBlockActive(editor, type)
  const isList = LIST_TYPES.includes(type)
  Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && LIST_TYPES.includes(n.type as BlockType), split: true })
  Transforms.setNodes(editor, { type: active ? "paragraph" : isList ? "list-item" : type }, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) })
  if (!active && isList) Transforms.wrapNodes(editor, { type: type as ListType, children: [] })
}

export const isLinkActive = (editor: Editor): boolean => {
  const [link] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && n.type === "link" })
  return Boolean(link)
}

export const unwrapLink = (editor: Editor): void => Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && n.type === "link" })

/** Wraps the selection in a link, or inserts the address as linked text when nothing is selected. */
export function wrapLink(editor: Editor, url: string): void {
  if (isLinkActive(editor)) unwrapLink(editor)
  const collapsed = !editor.selection || Range.isCollapsed(editor.selection)
  if (collapsed) Transforms.insertNodes(editor, { type: "link", url, children: [{ text: url }] })
  else {
    Transforms.wrapNodes(editor, { type: "link", url, children: [] }, { split: true })
    Transforms.collapse(editor, { edge: "end" })
  }
}

/** Only web and mail addresses may be linked (the server drops any other). */
export const isLinkAddress = (url: string): boolean => /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(url.trim())
