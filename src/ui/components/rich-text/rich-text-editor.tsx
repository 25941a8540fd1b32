import { useMemo, useState } from "react"
import { Box } from "@chakra-ui/react"
import { createEditor, type Descendant } from "slate"
import { withHistory } from "slate-history"
import { Editable, Slate, withReact } from "slate-react"
import * as cmd from "./rich-text-commands.ts"
import { parseHtml, serializeHtml } from "./rich-text-html.ts"
import { blogColorStyles, renderElement, renderLeaf } from "./rich-text-render.tsx"
import { Toolbar } from "./rich-text-toolbar.tsx"
import type { Mark } from "./rich-text-types.ts"

/**
 * The blog body editor (Slate): text colours from the spec's palette, bold, italic, underline,
 * headings, lists and links. It reads and writes HTML; this module (and Slate) load only with
 * the Add Blog and Update Blog pages.
 */
export default function RichTextEditor(props: {
  id: string
  labelId: string
  /** The id of the error shown under the editor, when there is one. */
  errorId?: string
  initialHtml: string
  invalid?: boolean
  readOnly?: boolean
  onChange: (html: string) => void
}) {
  const editor = useMemo(() => {
    const e = withHistory(withReact(createEditor()))
    const { isInline } = e
    e.isInline = (element) => element.type === "link" || isInline(element)
    return e
  }, [])
  // Slate reads its value once, at mount; later HTML comes from the editor itself.
  const [initialValue] = useState<Descendant[]>(() => parseHtml(props.initialHtml))
  return (
    <Box borderWidth="1px" borderColor={props.invalid ? "red.500" : "border"} rounded="md" bg="bg">
      <Slate editor={editor} initialValue={initialValue} onValueChange={(value) => props.onChange(serializeHtml(value))}>
        <Toolbar />
        <Box
          px="3"
          py="2"
          minH="48"
          rounded="md"
          // The editable itself draws no outline; the writing area shows the focus ring instead.
          _focusWithin={{ outline: "2px solid", outlineColor: "colorPalette.focusRing", outlineOffset: "-2px" }}
          colorPalette="teal"
          css={{
            "& [data-slate-editor]": { minHeight: "11rem", outline: "none" },
            "& [data-slate-placeholder]": { opacity: "1 !important", color: "var(--chakra-colors-fg-muted)" },
            ...blogColorStyles,
          }}
        >
          <Editable
            id={props.id}
            aria-labelledby={props.labelId}
            aria-describedby={props.errorId}
            aria-invalid={props.invalid || undefined}
            aria-required="true"
            aria-multiline="true"
            role="textbox"
            readOnly={props.readOnly}
            placeholder="Write the blog…"
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={(event) => {
              if (!(event.ctrlKey || event.metaKey)) return
              // Any case: with Caps Lock on, Ctrl+B reports "B".
              const key = event.key.toLowerCase()
              const mark: Mark | null = key === "b" ? "bold" : key === "i" ? "italic" : key === "u" ? "underline" : null
              if (mark) {
                event.preventDefault()
                cmd.toggleMark(editor, mark)
              }
            }}
          />
        </Box>
      </Slate>
    </Box>
  )
}
