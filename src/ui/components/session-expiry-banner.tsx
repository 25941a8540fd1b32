import { Box } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { wallClock } from "../../machines/account/viewer-zone.ts"
import { authActor } from "../app/auth-actor.ts"

/** What the banner says in the last 5 minutes of the spec's 2-hour session. */
export const sessionEndsText = (expiresAt: number) =>
  `Your session ends at ${wallClock(expiresAt).format("hh:mm A")} (sessions last 2 hours). Save your work now; after that you will need to sign in again.`

/**
 * Shown in the last 5 minutes before the automatic logout (the auth machine's `expiring` tag), so
 * nobody loses a half-written form to it without warning. Announced politely.
 */
export function SessionExpiryBanner() {
  const endsAt = useSelector(authActor, (s) => (s.hasTag("expiring") ? (s.context.session?.expiresAt ?? null) : null))
  return (
    <Box role="status" aria-live="polite">
      {endsAt !== null ? (
        <Box
          bg="yellow.subtle"
          color="yellow.fg"
          borderBottomWidth="1px"
          borderColor="yellow.muted"
          px="4"
          py="2"
          fontSize="sm"
          textAlign="center"
          data-testid="session-expiry-banner"
        >
          {sessionEndsText(endsAt)}
        </Box>
      ) : null}
    </Box>
  )
}
