import type { ReactNode } from "react"
import { Heading, HStack, Stack } from "@chakra-ui/react"

/**
 * The head of every list screen, so its tools are always in the same place: the title (and a line such as
 * the total under it) on the left; on the right Export CSV, then the screen's primary action, if any.
 */
export function ListHeader(props: { title: string; meta?: ReactNode; exportButton?: ReactNode; action?: ReactNode }) {
  return (
    <HStack justify="space-between" align="start" wrap="wrap" gap="3">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {props.title}
        </Heading>
        {props.meta}
      </Stack>
      <HStack gap="2" wrap="wrap" data-testid="list-tools">
        {props.exportButton}
        {props.action}
      </HStack>
    </HStack>
  )
}
