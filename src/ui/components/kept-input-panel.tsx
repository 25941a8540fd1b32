import { Box, Button, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { Link as RouterLink, useLocation } from "wouter"
import { authActor } from "../app/auth-actor.ts"

export const KEPT_INPUT_TITLE = "What you had typed when your session ended"
export const KEPT_INPUT_TEXT = "It was not saved. It is kept here, for you only, until you put it back or discard it."

/**
 * After an automatic logout (2 hours, or a session the server ended), the same person signing in again
 * finds what they had typed: on its page it can be put back into the same fields, anywhere it can be read
 * and copied (a field inside a closed dialog, the rich-text editor).
 */
export function KeptInputPanel() {
  const kept = useSelector(authActor, (s) => (s.context.kept && s.context.kept.userId === s.context.session?.user._id ? s.context.kept : null))
  const [path] = useLocation()
  if (!kept) return null
  return (
    <Box
      as="section"
      aria-labelledby="kept-input-title"
      bg="blue.subtle"
      borderBottomWidth="1px"
      borderColor="blue.muted"
      px={{ base: "3", md: "6" }}
      py="3"
      data-testid="kept-input"
    >
      <Stack gap="2">
        <Text id="kept-input-title" fontWeight="semibold">
          {KEPT_INPUT_TITLE}
        </Text>
        <Text fontSize="sm">{KEPT_INPUT_TEXT}</Text>
        <Stack as="dl" gap="1" fontSize="sm">
          {kept.fields.map((field) => (
            <HStack key={field.label} align="start" gap="2">
              <Text as="dt" fontWeight="medium" flexShrink={0}>
                {field.label}:
              </Text>
              <Text as="dd" whiteSpace="pre-wrap" wordBreak="break-word">
                {field.value}
              </Text>
            </HStack>
          ))}
        </Stack>
        <HStack gap="2" wrap="wrap">
          {path === kept.path ? (
            <Button size="sm" colorPalette="blue" onClick={() => authActor.send({ type: "kept.putBack" })}>
              Put it back
            </Button>
          ) : (
            <Link asChild colorPalette="blue" fontSize="sm">
              <RouterLink href={kept.path}>Go to the page where it was typed</RouterLink>
            </Link>
          )}
          <Button size="sm" variant="outline" onClick={() => authActor.send({ type: "kept.discard" })}>
            Discard
          </Button>
        </HStack>
      </Stack>
    </Box>
  )
}
