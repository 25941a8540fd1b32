import { Box, Text } from "@chakra-ui/react"
import type { RenderElementProps, RenderLeafProps } from "slate-react"
import { blogColors } from "../../../api/contract/blogs/blog.ts"

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
        <a {...attributes} href={element.url} data-blog-link="" style={{ textDecoration: "underline" }} target="_blank" rel="noopener noreferrer">
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
  const color = blogColors.find((c) => c.name === leaf.color)
  // The colour shows through blogColorStyles (readable in light and dark mode); the stored name is unchanged.
  return (
    <span {...attributes} data-blog-color={color?.name}>
      {content}
    </span>
  )
}

/**
 * How each blog colour shows in the editor: the author's hue at a shade with at least 4.5:1
 * contrast on the light and on the dark background (pure red, yellow, orange and white are not).
 */
const shades: Record<string, [light: string, dark: string]> = {
  black: ["#000000", "#e4e4e7"],
  red: ["#c00000", "#ff6b6b"],
  green: ["#007000", "#4ade80"],
  blue: ["#0000ff", "#8fb0ff"],
  yellow: ["#7a6200", "#ffff00"],
  white: ["#52525b", "#ffffff"],
  orange: ["#a04a00", "#ffa500"],
  purple: ["#800080", "#e0a0e0"],
}
export const blogColorStyles: Record<string, { color: string }> = Object.fromEntries(
  Object.entries(shades)
    .flatMap(([name, [light, dark]]) => [
      [`& [data-blog-color="${name}"]`, { color: light }],
      [`.dark & [data-blog-color="${name}"]`, { color: dark }],
    ])
    .concat([
      ["& [data-blog-link]", { color: "#0f766e" }],
      [".dark & [data-blog-link]", { color: "#5eead4" }],
    ]),
)
