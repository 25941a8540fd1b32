import { useRef, useState, type ReactNode } from "react"
import { Button, Field, HStack, Input, NativeSelect, Stack, VisuallyHidden } from "@chakra-ui/react"
import { ReactEditor, useSlate } from "slate-react"
import { blogColors } from "../../../api/contract/blogs/blog.ts"
import * as cmd from "./rich-text-commands.ts"
import { paletteColor } from "./rich-text-html.ts"
import type { BlockType, Mark } from "./rich-text-types.ts"

const MARKS: Array<{ mark: Mark; label: string; glyph: ReactNode }> = [
  { mark: "bold", label: "Bold", glyph: <strong>B</strong> },
  { mark: "italic", label: "Italic", glyph: <em>I</em> },
  { mark: "underline", label: "Underline", glyph: <u>U</u> },
]
const BLOCKS: Array<{ type: BlockType; label: string; glyph: string }> = [
  { type: "heading-one", label: "Heading 1", glyph: "H1" },
  { type: "heading-two", label: "Heading 2", glyph: "H2" },
  { type: "bulleted-list", label: "Bulleted list", glyph: "• List" },
  { type: "numbered-list", label: "Numbered list", glyph: "1. List" },
]

/** Toolbar buttons keep the editor's selection (mouse-down is not allowed to take focus); the keyboard reaches them with Shift+Tab from the text. */
export function Toolbar() {
  const editor = useSlate()
  const [linkOpen, setLinkOpen] = useState(false)
  const colourByKeyboard = useRef(false)
  const keepSelection = (event: React.MouseEvent) => event.preventDefault()
  return (
    <Stack gap="0" borderBottomWidth="1px" bg="bg.subtle" roundedTop="md">
      <HStack role="toolbar" aria-label="Formatting" wrap="wrap" gap="1" p="1.5">
        {MARKS.map(({ mark, label, glyph }) => (
          <ToolButton key={mark} label={label} active={cmd.isMarkActive(editor, mark)} onMouseDown={keepSelection} onClick={() => cmd.toggleMark(editor, mark)}>
            {glyph}
          </ToolButton>
        ))}
        {BLOCKS.map(({ type, label, glyph }) => (
          <ToolButton
            key={type}
            label={label}
            active={cmd.isBlockActive(editor, type)}
            onMouseDown={keepSelection}
            onClick={() => cmd.toggleBlock(editor, type)}
          >
            {glyph}
          </ToolButton>
        ))}
        <ToolButton label="Link" active={cmd.isLinkActive(editor)} onMouseDown={keepSelection} onClick={() => setLinkOpen((open) => !open)}>
          Link
        </ToolButton>
        {cmd.isLinkActive(editor) ? (
          <ToolButton label="Remove link" active={false} onMouseDown={keepSelection} onClick={() => cmd.unwrapLink(editor)}>
            Unlink
          </ToolButton>
        ) : null}
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field
            aria-label="Text colour"
            value={cmd.activeColor(editor)}
            onPointerDown={() => (colourByKeyboard.current = false)}
            onKeyDown={(e) => {
              colourByKeyboard.current = true
              if (e.key === "Enter" || e.key === "Escape") {
                e.preventDefault()
                backToText(editor)
              }
            }}
            onChange={(e) => {
              cmd.setColor(editor, paletteColor(e.target.value) ?? "")
              // A pick from the open list goes back to the text. Arrow keys and typing change a closed
              // list's value on every key, so a keyboard user stays on it and returns with Enter or Escape.
              if (!colourByKeyboard.current) backToText(editor)
            }}
          >
            <option value="">Default colour</option>
            {blogColors.map((c) => (
              <option key={c.name} value={c.name} style={{ color: c.name === "white" ? "#444" : c.hex }}>
                {c.name[0]!.toUpperCase() + c.name.slice(1)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {linkOpen ? <LinkForm onDone={() => setLinkOpen(false)} /> : null}
    </Stack>
  )
}

/**
 * Puts the caret back in the text after a toolbar control. Slate ignores a blur that comes while it is still
 * placing the selection of the last key (Shift+Tab right after Enter on a busy machine), keeps believing the
 * text has focus, and ReactEditor.focus then does nothing: the keyboard user stayed on the colour list (3 times
 * in 30 under two CPU burners). The flag is cleared first whenever the text does not hold the focus.
 */
function backToText(editor: ReturnType<typeof useSlate>) {
  if (document.activeElement !== ReactEditor.toDOMNode(editor, editor)) ReactEditor.blur(editor)
  ReactEditor.focus(editor)
}

function ToolButton(props: { label: string; active: boolean; children: ReactNode; onMouseDown: (e: React.MouseEvent) => void; onClick: () => void }) {
  return (
    <Button
      size="xs"
      variant={props.active ? "solid" : "ghost"}
      colorPalette="teal"
      aria-pressed={props.active}
      title={props.label}
      onMouseDown={props.onMouseDown}
      onClick={props.onClick}
    >
      {/* The glyph (H1, 1. List) is what is seen; the words are what is heard, so name and text never disagree. */}
      <span aria-hidden="true">{props.children}</span>
      <VisuallyHidden>{props.label}</VisuallyHidden>
    </Button>
  )
}

function LinkForm({ onDone }: { onDone: () => void }) {
  const editor = useSlate()
  const [url, setUrl] = useState("https://")
  const [error, setError] = useState<string | null>(null)
  const apply = () => {
    if (!cmd.isLinkAddress(url)) return setError("Please enter a link starting with http:// or https://.")
    backToText(editor)
    cmd.wrapLink(editor, url.trim())
    onDone()
  }
  return (
    <HStack p="1.5" pt="0" gap="2" align="start">
      <Field.Root invalid={Boolean(error)} flex="1">
        <Input
          size="xs"
          aria-label="Link address"
          value={url}
          autoFocus
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault()
              apply()
            }
            if (e.key === "Escape") onDone()
          }}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      <Button size="xs" colorPalette="teal" onClick={apply}>
        Apply link
      </Button>
      <Button size="xs" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </HStack>
  )
}
