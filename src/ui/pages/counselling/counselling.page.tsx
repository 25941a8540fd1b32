import { useState } from "react"
import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { CounsellingEnquiry } from "../../../api/contract/counselling/counselling-enquiry.ts"
import { counsellingLists } from "../../../api/contract/counselling/counselling-lists.ts"
import { counsellingListScreens, enquiryColumns, type EnquiryColumn } from "../../../api/contract/counselling/counselling-list-screens.ts"
import { sendAccessMachine } from "../../../machines/counselling/counselling-actions.machine.ts"
import { enquiryListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { EnquiryDetailsDialog } from "./enquiry-details-dialog.tsx"
import { formatDateTime } from "../../components/format.ts"
import { NoWrap } from "../../components/no-wrap.tsx"
import { Pager } from "../../components/pager.tsx"
import { notify } from "../../components/toaster.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { FilterSelect } from "../../components/filter-select.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { nameAndDateHeads } from "../../components/sort-header.tsx"

/** The Access filter, kept in the URL (`?access=waiting`). */
const ENQUIRY_FILTERS = { keys: ["access", "from", "to"] } as const
const ACCESS_CHOICES = [
  { value: "waiting", label: "Waiting for access" },
  { value: "sent", label: "Access sent" },
]

interface EnquiryColumnsInput {
  firstNumber: number
  sort: string
  onSort: (sort: string) => void
  sendingId: string | null | undefined
  onSend: (enquiry: CounsellingEnquiry) => void
  onView: (enquiry: CounsellingEnquiry) => void
}

const tableCells: ColumnCells<CounsellingEnquiry, EnquiryColumn["key"]> = {
  createdAt: (e) => <NoWrap>{formatDateTime(e.createdAt)}</NoWrap>,
}

/** S.No, the list's defined columns (the CSV export's too; Name and Date | Time sort), then Send Access and View. */
function tableColumns(o: EnquiryColumnsInput): Column<CounsellingEnquiry>[] {
  return [
    { header: "S.No", cell: (_, i) => o.firstNumber + i },
    ...definedColumns(enquiryColumns, tableCells, nameAndDateHeads({ sort: o.sort, onSort: o.onSort, by: "date received" })),
    {
      header: "Access",
      cell: (e) =>
        e.isAccessSend ? (
          <Box as="span" color="green.600" fontSize="lg" fontWeight="bold" role="img" aria-label={`Access sent to ${e.name}`} data-testid="access-sent">
            ✓
          </Box>
        ) : (
          <Button
            size="xs"
            colorPalette="teal"
            loading={o.sendingId === e._id}
            aria-busy={o.sendingId === e._id}
            onClick={() => o.onSend(e)}
            aria-label={`Send access to ${e.name}`}
          >
            Send Access
          </Button>
        ),
    },
    {
      header: "View",
      cell: (e) => (
        <Button aria-haspopup="dialog" data-dialog="view" size="xs" variant="outline" onClick={() => o.onView(e)} aria-label={`View enquiry of ${e.name}`}>
          View
        </Button>
      ),
    },
  ]
}

/**
 * 1:1 Counselling enquiries: send access (confirmed), a green tick once sent, View modal, totals and paging; Name and
 * Date | Time sort, the Access filter keeps the enquiries waiting or sent and the Received days those sent on them, all in the URL.
 */
export default function CounsellingPage() {
  const list = useListActor(enquiryListMachine, ENQUIRY_FILTERS)
  const view = usePagedList(list)
  const access = useActorRef(sendAccessMachine.provide({ actions: { notify: (_, { text, tone }) => notify(text, tone), done: () => view.reload() } }))
  const confirming = useSelector(access, (s) => s.matches("confirming"))
  const sendingId = useSelector(access, (s) => (s.hasTag("busy") ? s.context.target?._id : null))
  const [viewing, setViewing] = useState<CounsellingEnquiry | null>(null)
  const sort = useSelector(list, (s) => s.context.sort)
  const applied = useSelector(list, (s) => s.context.applied)

  const columns = tableColumns({
    firstNumber: view.firstNumber,
    sort,
    onSort: (next) => list.send({ type: "sort.change", sort: next }),
    sendingId,
    onSend: (enquiry) => access.send({ type: "action.request", target: enquiry }),
    onView: setViewing,
  })

  return (
    <Stack gap="4">
      <ListHeader
        title={counsellingLists.counselling.title}
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {view.total}
          </Text>
        }
        exportButton={<ExportButtons list="counselling" search="" sort={sort} filters={{ ...applied, ...dayRangeBounds(applied) }} />}
      />
      <HStack gap="4" align="end" wrap="wrap">
        <Box w={{ base: "full", md: "56" }}>
          <FilterSelect
            label="Access"
            all="All enquiries"
            value={applied.access ?? ""}
            choices={ACCESS_CHOICES}
            onChange={(value) => list.send({ type: "filter.set", field: "access", value })}
          />
        </Box>
        <ListDayRangeFilter list={list} label="Received" />
      </HStack>
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns}
        rows={view.rows}
        rowKey={(e) => e._id}
        loading={view.loading}
        error={view.error}
        emptyText={counsellingListScreens.counselling.empty}
      />
      <Pager {...view.pager} />
      <EnquiryDetailsDialog open={viewing !== null} enquiry={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={confirming}
        title="Send access"
        question="Are you sure you want to send access to this user?"
        confirmLabel="Send"
        onConfirm={() => access.send({ type: "action.confirm" })}
        onCancel={() => access.send({ type: "action.cancel" })}
      />
    </Stack>
  )
}
