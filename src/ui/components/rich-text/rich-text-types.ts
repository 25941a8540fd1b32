import type { BaseEditor } from "slate"
import type { HistoryEditor } from "slate-history"
import type { ReactEditor } from "slate-react"
import type { BlogColor } from "../../../api/contract/blogs/blog.ts"

/** The blocks the blog editor offers: paragraphs, two heading levels, bulleted and numbered lists. */
export type BlockType = "paragraph" | "heading-one" | "heading-two" | "bulleted-list" | "numbered-list" | "list-item"
export type ListType = "bulleted-list" | "numbered-list"

export interface FormattedText {
  text: string
  bold?: true
  italic?: true
  underline?: true
  color?: BlogColor
}
export type Mark = "bold" | "italic" | "underline"

export interface LinkElement {
  type: "link"
  url: string
  children: FormattedText[]
}
export type InlineNode = FormattedText | LinkElement

export interface BlockElement {
  type: BlockType
  children: Array<BlockElement | InlineNode>
}
export type RichElement = BlockElement | LinkElement

declare module "slate" {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor
    Element: RichElement
    Text: FormattedText
  }
}
