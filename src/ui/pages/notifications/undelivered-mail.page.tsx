import { Button, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { notificationKindLabel, type DeadMail } from "../../../api/contract/notifications/notification.ts"
import { retryMailMachine } from "../../../machines/notifications/retry-mail.machine.ts"
import { UNDELIVERED_EMPTY, undeliveredMailMachine } from "../../../machines/notifications/undelivered-mail.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { formatDateTime } from "../../components/format.ts"
import { ListHeader } from "../../components/list-header.tsx"
import { Pager } from "../../components/pager.tsx"
import { notify } from "../../components/toaster.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { OneLine } from "../vendors/person-columns.tsx"

function columns(o: { firstNumber: number; retryingId: string | null | undefined; onRetry: (mail: DeadMail) => void }): Column<DeadMail>[] {
  return [
    { header: "S.No", cell: (_, i) => o.firstNumber + i },
    { header: "Email", cell: (row) => <OneLine>{notificationKindLabel(row.kind)}</OneLine> },
    { header: "To", cell: (row) => <EmailText email={row.recipient} /> },
    { header: "Subject", cell: (row) => row.subject },
    { header: "Attempts", cell: (row) => `${row.attempts} attempts` },
    { header: "Last error", cell: (row) => row.lastError ?? "N/A" },
    { header: "Date | Time", cell: (row) => <OneLine>{formatDateTime(row.createdAt)}</OneLine> },
    {
      header: "Action",
      cell: (row) => (
        <Button
          size="xs"
          colorPalette="teal"
          loading={o.retryingId === row._id}
          loadingText="Sending..."
          onClick={() => o.onRetry(row)}
          aria-label={`Send again to ${row.recipient}`}
        >
          Send again
        </Button>
      ),
    },
  ]
}

/**
 * Undelivered emails (issue 23, Admin only, from the user menu): mails that failed on every attempt,
 * each sent again after a confirmation naming its recipient.
 */
export default function UndeliveredMailPage() {
  const list = useListActor(undeliveredMailMachine)
  const view = usePagedList(list)
  const retry = useActorRef(retryMailMachine.provide({ actions: { notify: (_, { text, tone }) => notify(text, tone), done: () => view.reload() } }))
  const target = useSelector(retry, (s) => s.context.target)
  const confirming = useSelector(retry, (s) => s.matches("confirming"))
  const retryingId = useSelector(retry, (s) => (s.hasTag("busy") ? s.context.target?._id : null))
  return (
    <Stack gap="4">
      <ListHeader
        title="Undelivered emails"
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Emails that failed on every attempt: {view.total}
          </Text>
        }
      />
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns({ firstNumber: view.firstNumber, retryingId, onRetry: (mail) => retry.send({ type: "action.request", target: mail }) })}
        rows={view.rows}
        rowKey={(m) => m._id}
        loading={view.loading}
        error={view.error}
        emptyText={UNDELIVERED_EMPTY}
      />
      <Pager {...view.pager} />
      <ConfirmDialog
        open={confirming}
        title="Send again"
        question={`Send "${target?.subject ?? ""}" to ${target?.recipient ?? ""} again?`}
        confirmLabel="Send again"
        onConfirm={() => retry.send({ type: "action.confirm" })}
        onCancel={() => retry.send({ type: "action.cancel" })}
      />
    </Stack>
  )
}
