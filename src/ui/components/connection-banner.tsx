import { Box } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { connectionActor, selectShowsBanner } from "../app/connection-actor.ts"

export const UNREACHABLE_TEXT = "We can't reach the server right now; we will retry"

/**
 * Shown while the server cannot be reached (or cannot reach its database): the screen keeps what was
 * typed, and the API client retries with backoff. Announced politely; it goes by itself once a call is answered.
 */
export function ConnectionBanner() {
  const shows = useSelector(connectionActor, selectShowsBanner)
  return (
    <Box role="status" aria-live="polite" position="sticky" top="0" zIndex="banner">
      {shows ? (
        <Box
          bg="orange.subtle"
          color="orange.fg"
          borderBottomWidth="1px"
          borderColor="orange.muted"
          px="4"
          py="2"
          fontSize="sm"
          textAlign="center"
          data-testid="connection-banner"
        >
          {UNREACHABLE_TEXT}
        </Box>
      ) : null}
    </Box>
  )
}
