import { useState } from "react"
import { Box, Button, Card, Heading, HStack, Spinner, Stack, Table, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { ProfileChangeLine } from "../../../api/contract/vendors/profile-change.ts"
import { APPROVE_QUESTION, profileChangeMachine, WITHDRAW_QUESTION } from "../../../machines/vendors/profile-change.machine.ts"
import { rejectProfileChangeMachine, rejectReasonField } from "../../../machines/vendors/reject-profile-change.machine.ts"
import { BlobImage } from "../../components/blob-image.tsx"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import { FormMessage } from "../../components/form-message.tsx"
import { formatDate, formatDateTime } from "../../components/format.ts"

/** A value as the profile shows it: the image named, a date as a day (as on Vendor Details), nothing as N/A. */
const shown = (line: ProfileChangeLine, value: string | null) =>
  line.field === "certificationImg"
    ? value
      ? "Image"
      : "None"
    : !value || value.trim() === ""
      ? "N/A"
      : line.field === "expirationDate"
        ? formatDate(value)
        : value

function ChangeTable({ lines }: { lines: readonly ProfileChangeLine[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} aria-label="Changes under review">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Field</Table.ColumnHeader>
            <Table.ColumnHeader>Approved</Table.ColumnHeader>
            <Table.ColumnHeader>Asked for</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.field} data-field={line.field}>
              <Table.Cell fontWeight="medium">{line.label}</Table.Cell>
              <Table.Cell>
                <Text as="del" color="fg.muted" aria-label={`Approved: ${shown(line, line.approved)}`}>
                  {shown(line, line.approved)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text as="ins" textDecoration="none" fontWeight="semibold" color="teal.fg" aria-label={`Asked for: ${shown(line, line.proposed)}`}>
                  {shown(line, line.proposed)}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/**
 * A vendor's profile change under review (issue 26): each field beside its approved value. The Admin (with a
 * `vendorId`) approves or rejects it; the vendor (without) sees it, withdraws it, or reads the last decision.
 */
export function ProfileChangeCard({ vendorId, onDecided }: { vendorId: string | null; onDecided?: () => void }) {
  const [logic] = useState(() => profileChangeMachine.provide({ actions: { decided: () => onDecided?.() } }))
  const actor = useActorRef(logic, { input: { vendorId } })
  const [rejectLogic] = useState(() => rejectProfileChangeMachine.provide({ actions: { submitted: () => actor.send({ type: "change.reload" }) } }))
  const reject = useActorRef(rejectLogic)
  const snapshot = useSelector(actor, (s) => s)
  const { change, image, message } = snapshot.context
  const busy = snapshot.hasTag("busy")
  if (snapshot.matches("loading") && !change) {
    return <Spinner size="sm" role="status" aria-label="Loading changes under review" />
  }
  if (snapshot.matches("failed")) {
    return (
      <HStack>
        <FormMessage message={message} />
        <Button size="xs" variant="outline" onClick={() => actor.send({ type: "change.reload" })}>
          Try again
        </Button>
      </HStack>
    )
  }
  const pending = change?.status === "pending"
  if (!change || (!pending && vendorId !== null)) return message ? <FormMessage message={message} /> : null
  return (
    <Card.Root size="sm" borderColor={pending ? "orange.emphasized" : undefined} data-testid="profile-change">
      <Card.Header>
        <Heading as="h2" size="md">
          {pending ? "Changes under review" : change.status === "approved" ? "Your last changes were approved" : "Your last changes were not approved"}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {pending
            ? `Asked for ${formatDateTime(change.updatedAt)}. The approved values stay until an Admin decides.`
            : `Decided ${formatDateTime(change.decidedAt ?? change.updatedAt)}.`}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {change.status === "rejected" && change.reason ? <Text data-testid="change-reason">Reason: {change.reason}</Text> : null}
          <ChangeTable lines={change.lines} />
          {pending && image ? (
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="2">
                New certification image
              </Text>
              <BlobImage blob={image} alt="New certification image, under review" maxH="64" objectFit="contain" rounded="md" borderWidth="1px" />
            </Box>
          ) : null}
          <FormMessage message={message} />
          {pending ? (
            <HStack gap="3" wrap="wrap">
              {vendorId !== null ? (
                <>
                  <Button size="sm" colorPalette="teal" disabled={busy} onClick={() => actor.send({ type: "change.approve" })}>
                    Approve changes
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={busy}
                    onClick={() => reject.send({ type: "form.open", item: { vendorId: vendorId! } })}
                  >
                    Reject changes
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: "change.withdraw" })}>
                  Withdraw changes
                </Button>
              )}
            </HStack>
          ) : null}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={snapshot.matches({ shown: "confirmingApprove" }) || snapshot.matches({ shown: "approving" })}
        title="Approve changes"
        question={APPROVE_QUESTION}
        confirmLabel="Approve"
        busy={snapshot.matches({ shown: "approving" })}
        busyLabel="Approving..."
        onConfirm={() => actor.send({ type: "confirm.yes" })}
        onCancel={() => actor.send({ type: "confirm.no" })}
      />
      <ConfirmDialog
        open={snapshot.matches({ shown: "confirmingWithdraw" }) || snapshot.matches({ shown: "withdrawing" })}
        title="Withdraw changes"
        question={WITHDRAW_QUESTION}
        confirmLabel="Withdraw"
        busy={snapshot.matches({ shown: "withdrawing" })}
        busyLabel="Withdrawing..."
        onConfirm={() => actor.send({ type: "confirm.yes" })}
        onCancel={() => actor.send({ type: "confirm.no" })}
      />
      {vendorId !== null ? (
        <FormDialog actor={reject} title="Reject changes" submitLabel="Reject" busyLabel="Rejecting...">
          {({ formId, context, disabled, send }) => (
            <>
              <Text fontSize="sm" color="fg.muted">
                The approved values stay. Say why, so the vendor can put it right.
              </Text>
              <FormField
                formId={formId}
                spec={rejectReasonField}
                value={context.values["reason"] ?? ""}
                error={context.errors["reason"]}
                disabled={disabled}
                onChange={(value) => send({ type: "field.change", field: "reason", value })}
              />
            </>
          )}
        </FormDialog>
      ) : null}
    </Card.Root>
  )
}
