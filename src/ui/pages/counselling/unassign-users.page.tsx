import { useState } from "react"
import { Button, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { UnassignedUser } from "../../../api/contract/counselling/counselling-user.ts"
import { counsellingLists } from "../../../api/contract/counselling/counselling-lists.ts"
import { counsellingListScreens, unassignedUserColumns, type UnassignedUserColumn } from "../../../api/contract/counselling/counselling-list-screens.ts"
import { assignCounsellorMachine } from "../../../machines/counselling/assign-counsellor.machine.ts"
import { unassignedUsersListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { EnquiryDetailsDialog } from "./enquiry-details-dialog.tsx"
import { formatDateTime } from "../../components/format.ts"
import { NoWrap } from "../../components/no-wrap.tsx"
import { Pager } from "../../components/pager.tsx"
import { notify } from "../../components/toaster.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { AssignToDialog } from "./assign-to-dialog.tsx"
import { BusyButton } from "../../components/busy-button.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { nameAndDateHeads } from "../../components/sort-header.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { pageSelection, SelectBox } from "../../components/select-box.tsx"

const tableCells: ColumnCells<UnassignedUser, UnassignedUserColumn["key"]> = {
  email: (u) => <EmailText email={u.email} />,
  createdAt: (u) => <NoWrap>{formatDateTime(u.createdAt)}</NoWrap>,
}

/** Select, S.No, the list's defined columns (the CSV export's too; Name and Date | Time sort), then View. */
function tableColumns(o: {
  firstNumber: number
  allState: boolean | "indeterminate"
  selected: string[]
  onSelectAll: (checked: boolean) => void
  onToggle: (userId: string) => void
  onView: (user: UnassignedUser) => void
  sort: string
  onSort: (sort: string) => void
}): Column<UnassignedUser>[] {
  return [
    {
      header: "Select",
      headerCell: <SelectBox label="Select all users on this page" checked={o.allState} onChange={o.onSelectAll} />,
      cell: (u) => <SelectBox label={`Select ${u.name}`} checked={o.selected.includes(u._id)} onChange={() => o.onToggle(u._id)} />,
    },
    { header: "S.No", cell: (_, i) => o.firstNumber + i },
    ...definedColumns(unassignedUserColumns, tableCells, nameAndDateHeads({ sort: o.sort, onSort: o.onSort, by: "date joined" })),
    {
      header: "View",
      cell: (u) => (
        <Button aria-haspopup="dialog" data-dialog="view" size="xs" variant="outline" onClick={() => o.onView(u)} aria-label={`View enquiry of ${u.name}`}>
          View
        </Button>
      ),
    },
  ]
}

/** The Joined days, kept in the URL (`?from=2026-11-01&to=2026-11-30`). */
const JOINED_FILTER = { keys: ["from", "to"] } as const

/** Unassign Users: select users (or the whole page), View their enquiry, 'Assign To' a counsellor; narrowed to the days they joined (issue 26). */
export default function UnassignUsersPage() {
  const list = useListActor(unassignedUsersListMachine, JOINED_FILTER)
  const view = usePagedList(list)
  const sort = useSelector(list, (s) => s.context.sort)
  const applied = useSelector(list, (s) => s.context.applied)
  const assign = useActorRef(assignCounsellorMachine.provide({ actions: { assigned: () => view.reload(), notify: (_, { text, tone }) => notify(text, tone) } }))
  const selected = useSelector(assign, (s) => s.context.selected)
  const selecting = useSelector(assign, (s) => s.matches("selecting"))
  const opening = useSelector(assign, (s) => s.matches("loadingPeople"))
  const pageMessage = useSelector(assign, (s) => (s.matches("selecting") ? s.context.message : null))
  const [viewing, setViewing] = useState<UnassignedUser | null>(null)

  const pageIds = view.rows.map((r) => r._id)
  const allState = pageSelection(pageIds, selected)

  const columns = tableColumns({
    sort,
    onSort: (next) => list.send({ type: "sort.change", sort: next }),
    firstNumber: view.firstNumber,
    allState,
    selected,
    onSelectAll: (checked) => assign.send({ type: "selection.setAll", userIds: pageIds, selected: checked }),
    onToggle: (userId) => assign.send({ type: "selection.toggle", userId }),
    onView: setViewing,
  })

  return (
    <Stack gap="4">
      <ListHeader
        title={counsellingLists["unassign-users"].title}
        message={pageMessage}
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {view.total}
          </Text>
        }
        exportButton={<ExportButtons list="unassign-users" search="" sort={sort} filters={dayRangeBounds(applied)} />}
        action={
          selected.length > 0 ? (
            // Busy, never disabled, while the people load: a disabled button drops keyboard focus just
            // before its dialog opens, and the dialog then has nothing to give focus back to.
            <BusyButton
              aria-haspopup="dialog"
              data-dialog="assign"
              colorPalette="teal"
              size="sm"
              busy={opening}
              onClick={() => selecting && assign.send({ type: "form.open" })}
            >
              Assign To ({selected.length})
            </BusyButton>
          ) : null
        }
      />
      <ListDayRangeFilter list={list} label="Joined" />
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns}
        rows={view.rows}
        rowKey={(u) => u._id}
        loading={view.loading}
        error={view.error}
        emptyText={counsellingListScreens["unassign-users"].empty}
      />
      <Pager {...view.pager} />
      <EnquiryDetailsDialog open={viewing !== null} enquiry={viewing?.enquiry ?? null} onClose={() => setViewing(null)} />
      <AssignToDialog actor={assign} />
    </Stack>
  )
}
