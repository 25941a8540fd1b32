import type { ReactNode } from "react"
import { Box, Heading, HStack, Stack } from "@chakra-ui/react"
import type { Message } from "../../machines/account/login.machine.ts"
import { FormMessage } from "./form-message.tsx"

/**
 * The head of every list screen, so its tools are always in the same place: the title (and a line such as
 * the total under it) on the left; on the right Export CSV, then the screen's primary action, if any.
 * A screen that reports what its dialogs did ('Expert updated successfully!') passes `message`, and the
 * header keeps a line for it whether or not one shows: the message vanishes 2 s after a save (spec section 4),
 * and the list must not jump under a pointer that is about to click a row's button.
 */
export function ListHeader(props: { title: string; meta?: ReactNode; exportButton?: ReactNode; action?: ReactNode; message?: Message | null }) {
  const head = (
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
  if (props.message === undefined) return head
  return (
    <Stack gap="2">
      {head}
      <Box fontSize="sm" minH="1lh" data-testid="page-message-line">
        <FormMessage message={props.message} />
      </Box>
    </Stack>
  )
}
