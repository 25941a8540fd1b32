import { useState } from "react"
import { Box, Button, Heading, HStack, List, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { sessionStateText, type CounsellingSession } from "../../../api/contract/counselling/counselling-session.ts"
import { sessionHistoryMachine, sessionStepLabels, type SessionStep } from "../../../machines/counselling/session-steps.machine.ts"
import { formatDateTime } from "../../components/format.ts"
import type { SessionSteps } from "./use-session-steps.tsx"

/**
 * Above a session's details: where it stands (with the reason and a pending wish for another time) and
 * the steps this viewer may take.
 */
export function SessionLifeSummary(props: { session: CounsellingSession; steps: SessionSteps; onStep: (step: SessionStep) => void }) {
  const { session } = props
  // The steps are judged at the moment the details opened (this panel mounts with them).
  const [now] = useState(() => Date.now())
  const offered = props.steps.offered(session, now)
  return (
    <Stack gap="3" mb="4" data-testid="session-life">
      <Stack gap="1">
        <Text>
          <Text as="span" fontWeight="semibold">
            State:{" "}
          </Text>
          <span data-testid="session-state">{sessionStateText(session)}</span>
        </Text>
        {session.stateReason ? <Text fontSize="sm">Reason: {session.stateReason}</Text> : null}
        {session.rescheduleWish ? (
          <Text fontSize="sm" data-testid="session-wish">
            New time asked for: {formatDateTime(session.rescheduleWish.dateTime)} ({session.rescheduleWish.reason})
          </Text>
        ) : null}
      </Stack>
      {offered.length > 0 ? (
        <HStack wrap="wrap" gap="2" role="group" aria-label="Session actions">
          {offered.map((step) => (
            <Button
              key={step}
              size="sm"
              variant={step === "cancel" || step === "noShow" ? "outline" : "solid"}
              colorPalette={step === "cancel" ? "red" : "teal"}
              aria-haspopup="dialog"
              onClick={() => props.onStep(step)}
            >
              {sessionStepLabels[step]}
            </Button>
          ))}
        </HStack>
      ) : null}
    </Stack>
  )
}

/** Below a session's details: its history, newest first, with who and why. */
export function SessionHistory({ sessionId }: { sessionId: string }) {
  const actor = useActorRef(sessionHistoryMachine, { input: { sessionId } })
  const entries = useSelector(actor, (s) => s.context.entries)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <Box as="section" aria-labelledby={`history-${sessionId}`} mt="4">
      <Heading as="h3" size="sm" id={`history-${sessionId}`} mb="2">
        History
      </Heading>
      {loading ? (
        <HStack role="status">
          <Spinner size="sm" />
          <Text fontSize="sm">Loading history...</Text>
        </HStack>
      ) : error ? (
        <HStack>
          <Text role="alert" color="red.600" fontSize="sm">
            {error}
          </Text>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: "history.retry" })}>
            Try again
          </Button>
        </HStack>
      ) : entries.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No history yet.
        </Text>
      ) : (
        <List.Root as="ol" gap="2" fontSize="sm" data-testid="session-history" listStyleType="none" ms="0">
          {entries.map((entry, i) => (
            <List.Item key={`${entry.at}-${i}`}>
              <Text>
                <Text as="span" fontWeight="medium">
                  {entry.summary}
                </Text>
                {entry.reason ? ` — ${entry.reason}` : ""}
              </Text>
              <Text color="fg.muted">
                {formatDateTime(entry.at)}
                {entry.actor ? ` · ${entry.actor}` : ""}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  )
}
