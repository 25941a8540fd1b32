import { Box, Button, HStack, List, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { bulkStatuses, type BulkStatus, type bulkStatusMachine } from "../../../machines/vendors/bulk-status.machine.ts"
import type { BulkOutcome } from "../../../machines/bulk-action.machine.ts"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import type { VendorStatus } from "../../../api/contract/common.ts"
import { BusyButton } from "../../components/busy-button.tsx"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { statusLabel } from "./status-label.ts"
import { statusConfirmation } from "../../../machines/vendors/vendor-status.machine.ts"

const vendors = (n: number) => `${n} vendor${n === 1 ? "" : "s"}`

/** What happened to the vendors that moved, as a sentence. */
const movedText = (n: number, status: BulkStatus) =>
  status === "Approve" ? `${vendors(n)} approved.` : status === "Reject" ? `${vendors(n)} rejected.` : `${vendors(n)} moved to Temp Approve.`

function Refusals({ refused }: { refused: BulkOutcome<PersonListItem>["refused"] }) {
  if (refused.length === 0) return null
  return (
    <List.Root fontSize="sm" ps="5" data-testid="bulk-refused">
      {refused.map(({ row, reason }) => (
        <List.Item key={row._id}>
          {row.name}: {reason}
        </List.Item>
      ))}
    </List.Root>
  )
}

/**
 * The bulk bar of a review list: with rows chosen, how many and the statuses they can all be moved to; while
 * they move, that it is busy; then which moved and which were refused and why, with Undo for 5 seconds where
 * the change can be undone.
 */
export function BulkStatusBar({ actor, listStatus }: { actor: ActorRefFrom<typeof bulkStatusMachine>; listStatus: VendorStatus }) {
  const { selected, action: status, outcome, undone } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const undoable = useSelector(actor, (s) => s.hasTag("undoable"))
  const inSummary = useSelector(actor, (s) => s.hasTag("summary"))
  const choices = bulkStatuses.filter((s) => s !== listStatus)
  // Approve (final) and Reject (signs the vendors out) ask first, naming how many.
  const asked = statusConfirmation(selected.length, status === "Approve" ? "Approve" : "Reject")
  if (!busy && !inSummary && selected.length === 0) return null
  return (
    <Box borderWidth="1px" rounded="md" bg="bg.subtle" px="3" py="2" data-testid="bulk-bar">
      {busy && !inSummary ? (
        <Text role="status" fontSize="sm">
          Moving {vendors(selected.length)} to {statusLabel(status!)}…
        </Text>
      ) : inSummary && outcome ? (
        <Stack gap="1" role="status">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" fontWeight="medium" data-testid="bulk-summary">
              {undone
                ? `Undone: ${vendors(undone.done.length)} moved back.`
                : `${movedText(outcome.done.length, status!)}${outcome.refused.length ? ` ${vendors(outcome.refused.length)} not moved:` : ""}`}
            </Text>
            <HStack gap="2">
              {undoable || busy ? (
                <BusyButton size="xs" variant="outline" busy={busy} onClick={() => actor.send({ type: "bulk.undo" })}>
                  Undo
                </BusyButton>
              ) : null}
              <Button size="xs" variant="ghost" onClick={() => actor.send({ type: "summary.close" })}>
                Close
              </Button>
            </HStack>
          </HStack>
          <Refusals refused={undone ? undone.refused : outcome.refused} />
        </Stack>
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="2" role="group" aria-label="Change the chosen vendors">
          <Text fontSize="sm" fontWeight="medium" data-testid="bulk-count">
            {selected.length} selected
          </Text>
          <HStack gap="2" wrap="wrap">
            {choices.map((choice) => (
              <Button
                key={choice}
                size="xs"
                colorPalette={choice === "Reject" ? "red" : "teal"}
                variant="outline"
                onClick={() => actor.send({ type: "bulk.choose", action: choice })}
              >
                {choice}
              </Button>
            ))}
            <Button size="xs" variant="ghost" onClick={() => actor.send({ type: "selection.clear" })}>
              Clear selection
            </Button>
          </HStack>
        </HStack>
      )}
      <ConfirmDialog
        open={confirming}
        title={asked.title}
        question={asked.question}
        confirmLabel={asked.confirmLabel}
        onConfirm={() => actor.send({ type: "bulk.confirm" })}
        onCancel={() => actor.send({ type: "bulk.cancel" })}
      />
    </Box>
  )
}
