import { Box, Button, HStack, List, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { bulkCloseMachine } from "../../../machines/tickets/bulk-close.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"

const tickets = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`

/**
 * My Tickets' bulk bar (Admin, issue 26): how many tickets are chosen and Close; Close asks first, naming how
 * many; then which were closed and which were not, and why. Closing cannot be undone.
 */
export function BulkCloseBar({ actor }: { actor: ActorRefFrom<typeof bulkCloseMachine> }) {
  const { selected, outcome } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const inSummary = useSelector(actor, (s) => s.hasTag("summary"))
  if (!busy && !inSummary && selected.length === 0) return null
  return (
    <Box borderWidth="1px" rounded="md" bg="bg.subtle" px="3" py="2" data-testid="bulk-bar">
      {busy ? (
        <Text role="status" fontSize="sm">
          Closing {tickets(selected.length)}…
        </Text>
      ) : inSummary && outcome ? (
        <Stack gap="1" role="status">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" fontWeight="medium" data-testid="bulk-summary">
              {`${tickets(outcome.done.length)} closed.${outcome.refused.length ? ` ${tickets(outcome.refused.length)} not closed:` : ""}`}
            </Text>
            <Button size="xs" variant="ghost" onClick={() => actor.send({ type: "summary.close" })}>
              Close summary
            </Button>
          </HStack>
          {outcome.refused.length > 0 ? (
            <List.Root fontSize="sm" ps="5" data-testid="bulk-refused">
              {outcome.refused.map(({ row, reason }) => (
                <List.Item key={row._id}>
                  {row.ticketId}: {reason}
                </List.Item>
              ))}
            </List.Root>
          ) : null}
        </Stack>
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="2" role="group" aria-label="Act on the chosen tickets">
          <Text fontSize="sm" fontWeight="medium" data-testid="bulk-count">
            {selected.length} selected
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button size="xs" colorPalette="teal" variant="outline" onClick={() => actor.send({ type: "bulk.choose", action: "close" })}>
              Close tickets
            </Button>
            <Button size="xs" variant="ghost" onClick={() => actor.send({ type: "selection.clear" })}>
              Clear selection
            </Button>
          </HStack>
        </HStack>
      )}
      <ConfirmDialog
        open={confirming}
        title="Close tickets"
        question={`Close ${tickets(selected.length)}? A closed ticket takes no more answers; its raiser can then leave feedback.`}
        confirmLabel={`Close ${tickets(selected.length)}`}
        onConfirm={() => actor.send({ type: "bulk.confirm" })}
        onCancel={() => actor.send({ type: "bulk.cancel" })}
      />
    </Box>
  )
}
