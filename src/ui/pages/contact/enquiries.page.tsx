import { Stack, Text } from "@chakra-ui/react"
import { enquiryList } from "../../../api/contract/contact/enquiry-list.ts"
import { enquiryListScreen, enquiryListColumns, type EnquiryListColumn } from "../../../api/contract/contact/enquiry-list-screen.ts"
import { useSelector } from "@xstate/react"
import type { Enquiry } from "../../../api/contract/contact/contact.ts"
import { enquiriesMachine } from "../../../machines/contact/enquiries.machine.ts"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { formatDateTime } from "../../components/format.ts"
import { Pager } from "../../components/pager.tsx"
import { OneLine, serialNumber } from "../vendors/person-columns.tsx"
import { SearchBox } from "../vendors/search-box.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { nameAndDateHeads } from "../../components/sort-header.tsx"

/** How the table draws the definition's columns where plain text is not enough; the others show their text. */
const tableCells: ColumnCells<Enquiry, EnquiryListColumn["key"]> = {
  name: (row) => <OneLine>{row.name}</OneLine>,
  email: (row) => <EmailText email={row.email} />,
  number: (row) => <OneLine>{row.number}</OneLine>,
  createdAt: (row) => <OneLine>{formatDateTime(row.createdAt)}</OneLine>,
}

/** S.No, then All Enquiries' definition, the CSV export's columns too; Name and Date | Time sort the list (newest first by default). */
function enquiryColumns(page: number, pageSize: number, sort: string, onSort: (sort: string) => void): Column<Enquiry>[] {
  return [
    { header: "S.No", cell: (_, i) => serialNumber(page, pageSize, i) },
    ...definedColumns(enquiryListColumns, tableCells, nameAndDateHeads({ sort, onSort, by: "date sent" })),
  ]
}

/** The Received filter's days, kept in the URL (`?from=2026-11-01&to=2026-11-30`). */
const RECEIVED_FILTER = { keys: ["from", "to"] } as const

/** All Enquiries (spec section 2): contact enquiries with total records and paging; Admin only. */
export default function EnquiriesPage() {
  const actor = useListActor(enquiriesMachine, RECEIVED_FILTER)
  const context = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const ready = useSelector(actor, (s) => s.matches("ready"))
  const { pager, columnChoice } = usePagedList(actor)
  const columns = enquiryColumns(context.page, context.pageSize, context.sort, (sort) => actor.send({ type: "sort.change", sort }))
  return (
    <Stack gap="4">
      <ListHeader
        title={enquiryList.title}
        exportButton={<ExportButtons list="enquiries" search={context.search} sort={context.sort} filters={dayRangeBounds(context.applied)} />}
      />
      <SearchBox current={context.search} onSearch={(search) => actor.send({ type: "search.change", search })} disabled={loading} />
      <ListDayRangeFilter list={actor} label="Received" />
      <DataTable
        columnChoice={columnChoice}
        columns={columns}
        rows={context.rows}
        rowKey={(r) => r._id}
        loading={loading}
        error={context.error}
        emptyText={enquiryListScreen.empty}
      />
      {ready || context.total > 0 ? (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {context.total}
          </Text>
          <Pager {...pager} />
        </>
      ) : null}
    </Stack>
  )
}
