import { useMemo, useState, type ReactNode } from "react"
import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react"
import { createEditor, type Descendant } from "slate"
import { withHistory } from "slate-history"
import { Editable, ReactEditor, Slate, useSlate, withReact, type RenderElementProps, type RenderLeafProps } from "slate-react"
import { blogColors } from "../../../api/contract/blog.ts"
import * as cmd from "./rich-text-commands.ts"
import { paletteColor, parseHtml, serializeHtml } from "./rich-text-html.ts"
import type { BlockType, Mark } from "./rich-text-types.ts"

/**
 * The blog body editor (Slate): text colours from the spec's palette, bold, italic, underline,
 * headings, lists and links. It reads and writes HTML; this module (and Slate) load only with
 * the Add Blog and Update Blog pages.
 */
export default function RichTextEditor(props: { id: string; labelId: string; initialHtml: string; invalid?: boolean; readOnly?: boolean; onChange: (html: string) => void }) {
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
        <Box px="3" py="2" minH="48" css={{ "& [data-slate-editor]": { minHeight: "11rem", outline: "none" } }}>
          <Editable
            id={props.id}
            aria-labelledby={props.labelId}
            aria-multiline="true"
            role="textbox"
            readOnly={props.readOnly}
            placeholder="Write the blog…"
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={(event) => {
              if (!(event.ctrlKey || event.metaKey)) return
              const mark: Mark | null = event.key === "b" ? "bold" : event.key === "i" ? "italic" : event.key === "u" ? "underline" : null
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

/** Toolbar buttons keep the editor's selection (mouse-down is not allowed to take focus). */
function Toolbar() {
  const editor = useSlate()
  const [linkOpen, setLinkOpen] = useState(false)
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
          <ToolButton key={type} label={label} active={cmd.isBlockActive(editor, type)} onMouseDown={keepSelection} onClick={() => cmd.toggleBlock(editor, type)}>
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
            onChange={(e) => {
              cmd.setColor(editor, paletteColor(e.target.value) ?? "")
              ReactEditor.focus(editor)
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

function ToolButton(props: { label: string; active: boolean; children: ReactNode; onMouseDown: (e: React.MouseEvent) => void; onClick: () => void }) {
  return (
    <Button size="xs" variant={props.active ? "solid" : "ghost"} colorPalette="teal" aria-label={props.label} aria-pressed={props.active} title={props.label} onMouseDown={props.onMouseDown} onClick={props.onClick}>
      {props.children}
    </Button>
  )
}

function LinkForm({ onDone }: { onDone: () => void }) {
  const editor = useSlate()
  const [url, setUrl] = useState("https://")
  const [error, setError] = useState<string | null>(null)
  const apply = () => {
    if (!cmd.isLinkAddress(url)) return setError("Please enter a link starting with http:// or https://.")
    ReactEditor.focus(editor)
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

function renderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case "heading-one":
      return (
        <Text as="h1" fontSize="2xl" fontWeight="bold" my="2" {...attributes}>
          {children}
        </Text>
      )
    case "heading-two":
      return (
        <Text as="h2" fontSize="xl" fontWeight="semibold" my="2" {...attributes}>
          {children}
        </Text>
      )
    case "bulleted-list":
      return (
        <Box as="ul" ps="6" listStyleType="disc" my="1" {...attributes}>
          {children}
        </Box>
      )
    case "numbered-list":
      return (
        <Box as="ol" ps="6" listStyleType="decimal" my="1" {...attributes}>
          {children}
        </Box>
      )
    case "list-item":
      return <li {...attributes}>{children}</li>
    case "link":
      return (
        <a {...attributes} href={element.url} style={{ color: "#0d9488", textDecoration: "underline" }} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      )
    default:
      return (
        <Text my="1" {...attributes}>
          {children}
        </Text>
      )
  }
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children
  if (leaf.bold) content = <strong>{content}</strong>
  if (leaf.italic) content = <em>{content}</em>
  if (leaf.underline) content = <u>{content}</u>
  const color = blogColors.find((c) => c.name === leaf.color)?.hex
  return (
    <span {...attributes} style={color ? { color } : undefined}>
      {content}
    </span>
  )
}
