import { Box, Button, Field, Heading, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { ticketChatMachine } from "../../../machines/tickets/ticket-chat.machine.ts"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { BusyButton } from "../../components/busy-button.tsx"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { TicketChat } from "./ticket-chat.tsx"
import { TicketStatusBadge } from "./ticket-columns.tsx"
import { TicketSummary } from "./ticket-summary.tsx"
import { CurrentStateDiagram } from "../../components/current-state-diagram.tsx"
import { FoldedRecordHistory } from "../../components/record-history.tsx"
import { ticketMachine, ticketStateOf } from "../../../machines/tickets/ticket.machine.ts"

/** Ticket Details (/ticket/{queryId}): the chat, read again when the live stream announces a change (polled every 5 s while the stream is down); the Admin can close it. */
export default function TicketDetailsPage({ params }: { params: Record<string, string | undefined> }) {
  const user = useSelector(authActor, selectUser)
  const actor = useActorRef(ticketChatMachine, { input: { queryId: params.queryId ?? "", viewer: { id: user?._id ?? "", role: user?.role ?? "User" } } })
  const snapshot = useSelector(actor, (s) => s)
  const { thread, draft, error, loadError } = snapshot.context
  const back = (
    <Link asChild colorPalette="teal" fontSize="sm">
      <RouterLink href="/my-tickets">← My Tickets</RouterLink>
    </Link>
  )
  if (snapshot.matches("failed") || snapshot.matches("missing") || !thread) {
    return (
      <Stack gap="4">
        {back}
        <Heading as="h1" size="lg">
          Ticket Details
        </Heading>
        {loadError ? (
          <HStack>
            <Text role="alert" color="red.600">
              {loadError}
            </Text>
            {snapshot.can({ type: "retry" }) ? (
              <Button size="sm" variant="outline" onClick={() => actor.send({ type: "retry" })}>
                Retry
              </Button>
            ) : null}
          </HStack>
        ) : (
          <Text color="fg.muted" aria-busy="true">
            Loading...
          </Text>
        )}
      </Stack>
    )
  }
  const sending = snapshot.hasTag("sending")
  return (
    <Stack gap="4" maxW="4xl">
      {back}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="3">
          <Heading as="h1" size="lg">
            Ticket Details
          </Heading>
          <Text fontFamily="mono" color="fg.muted">
            {thread.ticketId}
          </Text>
          <TicketStatusBadge closed={thread.status} />
        </HStack>
        {/* Kept while its confirmation is open, so focus can return to it when that closes. */}
        {snapshot.can({ type: "close.request" }) || snapshot.matches({ ready: { closing: "confirming" } }) ? (
          <Button
            aria-haspopup="dialog"
            data-dialog="close"
            colorPalette="red"
            variant="outline"
            size="sm"
            onClick={() => actor.send({ type: "close.request" })}
          >
            Close Ticket
          </Button>
        ) : null}
      </HStack>
      <TicketSummary thread={thread} />
      {user?.role === "Admin" ? <TicketAudit thread={thread} /> : null}
      <Box bg="bg" borderWidth="1px" rounded="md" p="4">
        <TicketChat thread={thread} viewerId={user?._id ?? ""} />
      </Box>
      {thread.status ? (
        <Button disabled alignSelf="flex-end" data-testid="closed-button">
          Closed
        </Button>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "message.send" })
          }}
        >
          <Stack gap="2">
            <Field.Root invalid={!!error}>
              <Field.Label>Message</Field.Label>
              <Textarea
                name="message"
                rows={3}
                value={draft}
                // Read-only, not disabled, while sending: a disabled field drops focus, and the writer
                // (who sent with Ctrl+Enter) stays in it for the next message.
                readOnly={sending}
                aria-busy={sending}
                placeholder={user?.role === "Admin" ? "Write an answer" : "Ask a question"}
                onChange={(e) => actor.send({ type: "draft.change", value: e.target.value })}
                onKeyDown={(e) => {
                  // Ctrl/Cmd+Enter sends, plain Enter makes a new line.
                  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault()
                    actor.send({ type: "message.send" })
                  }
                }}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <BusyButton
              type="submit"
              colorPalette="teal"
              alignSelf="flex-end"
              busy={sending}
              loadingText="Sending..."
              aria-disabled={!snapshot.can({ type: "message.send" })}
            >
              Send
            </BusyButton>
          </Stack>
        </form>
      )}
      {thread.status && error ? (
        <Text role="alert" color="red.600" fontSize="sm">
          {error}
        </Text>
      ) : null}
      <ConfirmDialog
        open={snapshot.matches({ ready: { closing: "confirming" } }) || snapshot.matches({ ready: { closing: "working" } })}
        title="Close Ticket"
        question="Are you sure you want to close this ticket?"
        confirmLabel="Close Ticket"
        busy={snapshot.hasTag("closing")}
        onConfirm={() => actor.send({ type: "close.confirm" })}
        onCancel={() => actor.send({ type: "close.cancel" })}
      />
    </Stack>
  )
}

/** The Admin's view of the ticket's life: its workflow diagram at its current state, and its history. */
function TicketAudit({ thread }: { thread: { _id: string; status: boolean; userRating: number | null } }) {
  const stateId = `ticket.${ticketStateOf(thread)}`
  return (
    <>
      <CurrentStateDiagram machine={ticketMachine} workflowId="ticket" stateId={stateId} label="Ticket diagram with its current state" />
      <FoldedRecordHistory entityType="ticket" entityId={thread._id} workflow={{ id: "ticket", stateId }} />
    </>
  )
}
