import { NativeSelect, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { accessKindLabel, accessKinds, type AccessEntry, type AccessKind } from "../../../api/contract/audit/access-log.ts"
import { ACCESS_LOG_EMPTY, accessLogMachine } from "../../../machines/audit/access-log.machine.ts"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { formatDateTime } from "../../components/format.ts"
import { ListHeader } from "../../components/list-header.tsx"
import { Pager } from "../../components/pager.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { OneLine } from "../vendors/person-columns.tsx"

/** Who made the call: the signed-in person, or the address a failed sign-in was for. */
function Who({ entry }: { entry: AccessEntry }) {
  if (entry.actorId === null) {
    return entry.email ? (
      <Stack gap="0">
        <EmailText email={entry.email} />
        <Text fontSize="xs" color="fg.muted">
          not signed in
        </Text>
      </Stack>
    ) : (
      <Text color="fg.muted">Not signed in</Text>
    )
  }
  return (
    <Stack gap="0">
      <Text>
        {entry.actorName ?? "A deleted account"} {entry.actorRole ? `(${entry.actorRole})` : ""}
      </Text>
      {entry.actorEmail ? <EmailText email={entry.actorEmail} /> : null}
    </Stack>
  )
}

/** The refusal's message or the audit read's filter; for a revealed account number, why and whose. */
function Detail({ entry }: { entry: AccessEntry }) {
  if (entry.kind !== "accountNumberRevealed" || !entry.email) return <>{entry.detail || "N/A"}</>
  return (
    <Stack gap="0">
      <Text>{entry.detail}</Text>
      <Text fontSize="xs" color="fg.muted">
        account of <EmailText email={entry.email} />
      </Text>
    </Stack>
  )
}

function columns(firstNumber: number): Column<AccessEntry>[] {
  return [
    { header: "S.No", cell: (_, i) => firstNumber + i },
    { header: "Date | Time", cell: (row) => <OneLine>{formatDateTime(row.at)}</OneLine> },
    { header: "What", cell: (row) => <OneLine>{accessKindLabel(row.kind)}</OneLine> },
    { header: "Who", cell: (row) => <Who entry={row} /> },
    {
      header: "Call",
      cell: (row) => (
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {row.method} {row.path}
        </Text>
      ),
    },
    { header: "Answer", cell: (row) => row.status },
    { header: "Detail", cell: (row) => <Detail entry={row} /> },
    {
      header: "From",
      cell: (row) => (
        <Stack gap="0">
          <Text fontFamily="mono" fontSize="sm">
            {row.ip}
          </Text>
          <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
            request {row.requestId}
          </Text>
        </Stack>
      ),
    },
  ]
}

/**
 * The access log (issue 25, Admin only, from the user menu): the calls the server refused, the sign-ins
 * that failed and who read the audit trail, which the event log (changes only) cannot show.
 */
export default function AccessLogPage() {
  const list = useListActor(accessLogMachine)
  const view = usePagedList(list)
  const kind = useSelector(list, (s) => s.context.search)
  return (
    <Stack gap="4">
      <ListHeader
        title="Access log"
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Refused calls, failed sign-ins and reads of the audit trail: {view.total}
            {view.pager.more ? "+" : ""}
          </Text>
        }
        action={
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label="Show" value={kind} onChange={(e) => list.send({ type: "search.change", search: e.target.value })}>
              <option value="">Every kind</option>
              {(Object.keys(accessKinds) as AccessKind[]).map((k) => (
                <option key={k} value={k}>
                  {accessKindLabel(k)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
      />
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns(view.firstNumber)}
        rows={view.rows}
        rowKey={(e) => e._id}
        loading={view.loading}
        error={view.error}
        emptyText={ACCESS_LOG_EMPTY}
      />
      <Pager {...view.pager} />
    </Stack>
  )
}
