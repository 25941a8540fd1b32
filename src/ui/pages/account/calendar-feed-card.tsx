import { Button, Card, Code, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { calendarFeedMachine } from "../../../machines/account/calendar-feed.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { formatDateTime } from "../../components/format.ts"
import { notify } from "../../components/toaster.tsx"

const machine = calendarFeedMachine.provide({
  actions: {
    copyAddress: (_, { url }) => {
      void navigator.clipboard?.writeText(url).then(
        () => notify("Calendar address copied.", "success"),
        () => notify("Copying was refused by the browser: select the address and copy it.", "error"),
      )
    },
  },
})

/**
 * The profile's Calendar feed: a private address Google Calendar, Outlook or Apple Calendar subscribe to
 * (it lists the person's sessions and follows every change), with Copy, Replace and Turn off.
 */
export function CalendarFeedCard() {
  const actor = useActorRef(machine)
  const feed = useSelector(actor, (s) => s.context.feed)
  const message = useSelector(actor, (s) => s.context.message)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const confirmingReplace = useSelector(actor, (s) => s.matches("confirmingReplace"))
  const confirmingRevoke = useSelector(actor, (s) => s.matches("confirmingRevoke"))
  return (
    <Card.Root size="sm" data-testid="calendar-feed">
      <Card.Header>
        <Heading as="h2" size="md">
          Calendar feed
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Subscribe to this private address in Google Calendar, Outlook or Apple Calendar to see your sessions there, kept up to date. Anyone with the address
            can see your sessions: keep it to yourself, and replace it if it got out.
          </Text>
          {loading ? (
            <HStack role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">Loading your calendar address...</Text>
            </HStack>
          ) : failed ? (
            <HStack>
              <Text role="alert" color="red.600" fontSize="sm">
                {message?.text}
              </Text>
              <Button size="xs" variant="outline" onClick={() => actor.send({ type: "feed.retry" })}>
                Try again
              </Button>
            </HStack>
          ) : feed?.url ? (
            <>
              <Code wordBreak="break-all" whiteSpace="normal" p="2" data-testid="calendar-feed-url">
                {feed.url}
              </Code>
              {feed.createdAt ? (
                <Text fontSize="xs" color="fg.muted">
                  Made {formatDateTime(feed.createdAt)}
                </Text>
              ) : null}
              <HStack wrap="wrap" gap="2">
                <Button size="sm" colorPalette="teal" onClick={() => actor.send({ type: "feed.copy" })} disabled={busy}>
                  Copy address
                </Button>
                <Button size="sm" variant="outline" onClick={() => actor.send({ type: "feed.replace" })} disabled={busy} aria-haspopup="dialog">
                  Replace address
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => actor.send({ type: "feed.revoke" })}
                  disabled={busy}
                  aria-haspopup="dialog"
                >
                  Turn off
                </Button>
              </HStack>
            </>
          ) : (
            <HStack>
              <Button size="sm" colorPalette="teal" onClick={() => actor.send({ type: "feed.make" })} loading={busy} loadingText="Making...">
                Make my calendar address
              </Button>
            </HStack>
          )}
          {message && !failed ? (
            <Text role="status" fontSize="sm" color={message.tone === "error" ? "red.600" : "green.700"} data-testid="calendar-feed-message">
              {message.text}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirmingReplace}
        title="Replace calendar address"
        question="Replace the address? Calendars subscribed to the old one stop updating until they subscribe to the new one."
        confirmLabel="Replace"
        onConfirm={() => actor.send({ type: "feed.confirm" })}
        onCancel={() => actor.send({ type: "feed.cancel" })}
      />
      <ConfirmDialog
        open={confirmingRevoke}
        title="Turn off calendar address"
        question="Turn the calendar address off? Calendars subscribed to it stop updating."
        confirmLabel="Turn off"
        onConfirm={() => actor.send({ type: "feed.confirm" })}
        onCancel={() => actor.send({ type: "feed.cancel" })}
      />
    </Card.Root>
  )
}
