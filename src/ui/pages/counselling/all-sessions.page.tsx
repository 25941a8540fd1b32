import { useState } from "react"
import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { sessionStateLabels, sessionStates, type CounsellingSession } from "../../../api/contract/counselling/counselling-session.ts"
import { counsellingLists } from "../../../api/contract/counselling/counselling-lists.ts"
import { counsellingListScreens, sessionColumns, type SessionColumn } from "../../../api/contract/counselling/counselling-list-screens.ts"
import { deleteSessionMachine } from "../../../machines/counselling/counselling-actions.machine.ts"
import { allSessionsListMachine, sessionDaysRule } from "../../../machines/counselling/counselling-lists.machine.ts"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { CANCELLED_SESSION_MESSAGE, canEditSession } from "../../../machines/counselling/counselling-session.machine.ts"
import { editSessionMachine, SESSION_UPDATED } from "../../../machines/counselling/edit-session.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { Pager } from "../../components/pager.tsx"
import { SessionDetailsDialog } from "./session-details-dialog.tsx"
import { useSessionSteps } from "./use-session-steps.tsx"
import { SessionCalendar } from "./session-calendar.tsx"
import { SessionsViewSwitch, type SessionsLayout } from "./sessions-view-switch.tsx"
import { SessionFormDialog } from "./session-form-dialog.tsx"
import { SessionStatusBadge } from "./session-status-badge.tsx"
import { notify } from "../../components/toaster.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { formatDateTime } from "../../components/format.ts"
import { ListHeader } from "../../components/list-header.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { sortHead } from "../../components/sort-header.tsx"
import { FilterSelect } from "../../components/filter-select.tsx"

/** The State and Starts filters, kept in the URL (`?state=cancelled&from=2026-12-01&to=2026-12-14`). */
const SESSION_FILTERS = { keys: ["state", "from", "to"] } as const
const STATE_CHOICES = sessionStates.map((state) => ({ value: state, label: sessionStateLabels[state] }))

const SESSION_DATE_WAYS = { by: "session date", ascending: "earliest first", descending: "latest first" }

const tableCells: ColumnCells<CounsellingSession, SessionColumn["key"]> = {
  email: (s) => <EmailText email={s.email} />,
  dateTime: (s) => <Text whiteSpace="nowrap">{formatDateTime(s.dateTime)}</Text>,
  // The State column of the CSV is the badge's second half.
  status: (s) => <SessionStatusBadge status={s.status} state={s.state} />,
}

/** S.No, the list's defined columns (the CSV export's too; Date | Time sorts), then View, Edit and Delete. */
function tableColumns(o: {
  firstNumber: number
  now: number
  sort: string
  onSort: (sort: string) => void
  deletingId: string | null | undefined
  onView: (session: CounsellingSession) => void
  onEdit: (session: CounsellingSession) => void
  onDelete: (session: CounsellingSession) => void
}): Column<CounsellingSession>[] {
  return [
    { header: "S.No", cell: (_, i) => o.firstNumber + i },
    ...definedColumns(sessionColumns, tableCells, {
      dateTime: sortHead({ label: "Date | Time", key: "dateTime", sort: o.sort, onSort: o.onSort, first: "descending", ways: SESSION_DATE_WAYS }),
    }),
    {
      header: "Actions",
      cell: (s) => {
        const editable = canEditSession(s.dateTime, o.now, s.state)
        return (
          <HStack gap="1">
            <Button aria-haspopup="dialog" data-dialog="view" size="xs" variant="outline" onClick={() => o.onView(s)} aria-label={`View session ${s.topic}`}>
              View
            </Button>
            <Button
              aria-haspopup="dialog"
              data-dialog="edit"
              size="xs"
              variant="outline"
              colorPalette="teal"
              disabled={!editable}
              title={editable ? undefined : s.state === "cancelled" ? CANCELLED_SESSION_MESSAGE : "Only upcoming sessions can be edited."}
              onClick={() => o.onEdit(s)}
              aria-label={`Edit session ${s.topic}`}
            >
              Edit
            </Button>
            <Button
              aria-haspopup="dialog"
              data-dialog="delete"
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={o.deletingId === s._id}
              aria-busy={o.deletingId === s._id}
              onClick={() => o.onDelete(s)}
              aria-label={`Delete session ${s.topic}`}
            >
              Delete
            </Button>
          </HStack>
        )
      },
    },
  ]
}

const ALL = { kind: "all" } as const

/**
 * All Sessions: the session's date (sortable), the State filter and the Starts days, all in the URL; View (every field), Edit (upcoming
 * only), Delete (confirmed), paging.
 */
export default function AllSessionsPage() {
  const list = useListActor(allSessionsListMachine, SESSION_FILTERS)
  const view = usePagedList(list)
  const toast = (_: unknown, { text, tone }: { text: string; tone: "success" | "error" }) => notify(text, tone)
  const edit = useActorRef(
    editSessionMachine.provide({
      actions: {
        submitted: () => {
          view.reload()
          notify(SESSION_UPDATED, "success")
        },
        openRefused: (_, { text }) => notify(text, "error"),
      },
    }),
  )
  const remove = useActorRef(deleteSessionMachine.provide({ actions: { notify: toast, done: () => view.reload() } }))
  const confirming = useSelector(remove, (s) => s.matches("confirming"))
  const deletingId = useSelector(remove, (s) => (s.hasTag("busy") ? s.context.target?._id : null))
  const [viewing, setViewing] = useState<CounsellingSession | null>(null)
  const [layout, setLayout] = useState<SessionsLayout>("table")
  const [changes, setChanges] = useState(0)
  const steps = useSessionSteps("admin", () => {
    view.reload()
    setChanges((n) => n + 1)
  })
  // Upcoming or past is decided against the moment the list was shown; the edit form checks again on open.
  const [now] = useState(() => Date.now())

  const sort = useSelector(list, (s) => s.context.sort)
  const applied = useSelector(list, (s) => s.context.applied)
  const filters = useSelector(list, (s) => s.context.filters)
  const columns = tableColumns({
    firstNumber: view.firstNumber,
    now,
    sort,
    onSort: (next) => list.send({ type: "sort.change", sort: next }),
    deletingId,
    onView: setViewing,
    onEdit: (session) => edit.send({ type: "form.open", item: session }),
    onDelete: (session) => remove.send({ type: "action.request", target: session }),
  })

  return (
    <Stack gap="4">
      <ListHeader
        title={counsellingLists["all-sessions"].title}
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {view.total}
          </Text>
        }
        exportButton={<ExportButtons list="all-sessions" search="" sort={sort} filters={{ ...applied, ...dayRangeBounds(applied, sessionDaysRule) }} />}
        action={<SessionsViewSwitch value={layout} onChange={setLayout} />}
      />
      {layout === "table" ? (
        <>
          <HStack gap="4" align="end" wrap="wrap">
            <Box w={{ base: "full", md: "56" }}>
              <FilterSelect
                label="State"
                all="All sessions"
                value={filters.state ?? ""}
                choices={STATE_CHOICES}
                onChange={(state) => list.send({ type: "filter.set", field: "state", value: state })}
              />
            </Box>
            <ListDayRangeFilter list={list} label="Starts" rule={sessionDaysRule} />
          </HStack>
          <DataTable
            columnChoice={view.columnChoice}
            columns={columns}
            rows={view.rows}
            rowKey={(s) => s._id}
            loading={view.loading}
            error={view.error}
            emptyText={counsellingListScreens["all-sessions"].empty}
          />
          <Pager {...view.pager} />
        </>
      ) : (
        <SessionCalendar scope={ALL} steps={steps} withClient changes={changes} />
      )}
      <SessionDetailsDialog open={viewing !== null} session={viewing} onClose={() => setViewing(null)} steps={steps} />
      {steps.dialogs}
      <SessionFormDialog actor={edit} title="Edit Session" submitLabel="Update Session" busyLabel="Updating..." />
      <ConfirmDialog
        open={confirming}
        title="Delete session"
        question="Are you sure you want to delete this session?"
        confirmLabel="Delete"
        onConfirm={() => remove.send({ type: "action.confirm" })}
        onCancel={() => remove.send({ type: "action.cancel" })}
      />
    </Stack>
  )
}
