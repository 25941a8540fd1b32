import { Box, Text } from "@chakra-ui/react"
import type { RenderElementProps, RenderLeafProps } from "slate-react"
import { blogColors } from "../../../api/contract/blog.ts"

/** How the editor draws its blocks and marked text (Chakra resets list and heading styles). */
export function renderElement({ attributes, children, element }: RenderElementProps) {
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

export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
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
