import { Box, Button, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { AssignedCounsellor, CounsellingUser } from "../../../api/contract/counselling/counselling-user.ts"
import { counsellingLists } from "../../../api/contract/counselling/counselling-lists.ts"
import { counsellingListScreens, counsellingUserColumns, type CounsellingUserColumn } from "../../../api/contract/counselling/counselling-list-screens.ts"
import { counsellingUsersListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { counsellorPickerMachine } from "../../../machines/counselling/counsellor-picker.machine.ts"
import { RecordPicker } from "../../components/record-picker.tsx"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { formatDateTime } from "../../components/format.ts"
import { NoWrap } from "../../components/no-wrap.tsx"
import { Pager } from "../../components/pager.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { EmailText } from "../../components/email-text.tsx"
import { useSelector } from "@xstate/react"
import { nameAndDateHeads } from "../../components/sort-header.tsx"

/** The Counsellor filter, kept in the URL (`?counsellor=<id>`). */
const CLIENT_FILTERS = { keys: ["counsellor", "from", "to"] } as const

const counsellorText = (c: AssignedCounsellor) => `${c.name} (${c.role})`

/** The name opens the client's sessions; the counsellor narrows the list to their clients. */
const tableCells = (onCounsellor: (id: string) => void): ColumnCells<CounsellingUser, CounsellingUserColumn["key"]> => ({
  name: (u) => (
    <Link asChild colorPalette="teal" fontWeight="medium">
      <RouterLink href={`/counselling/${u._id}`}>{u.name}</RouterLink>
    </Link>
  ),
  email: (u) => <EmailText email={u.email} />,
  counsellor: (u) =>
    u.counsellor ? (
      <Button
        variant="plain"
        size="sm"
        h="auto"
        px="0"
        fontWeight="normal"
        textDecoration="underline dotted"
        aria-label={`Show only the clients of ${u.counsellor.name}`}
        title={`Show only the clients of ${u.counsellor.name}`}
        onClick={() => onCounsellor(u.counsellor!._id)}
      >
        {counsellorText(u.counsellor)}
      </Button>
    ) : (
      "Unassigned"
    ),
  createdAt: (u) => <NoWrap>{formatDateTime(u.createdAt)}</NoWrap>,
})

/** S.No, then the list's defined columns (the CSV export's too); Name and Date | Time sort the list. */
function tableColumns(firstNumber: number, sort: string, onSort: (sort: string) => void, onCounsellor: (id: string) => void): Column<CounsellingUser>[] {
  return [
    { header: "S.No", cell: (_, i) => firstNumber + i },
    ...definedColumns(counsellingUserColumns, tableCells(onCounsellor), nameAndDateHeads({ sort, onSort, by: "date joined" })),
  ]
}

/** Counselling Users: assigned clients with their counsellor; the name opens their sessions, the counsellor shows only theirs. */
export default function CounsellingUsersPage() {
  const list = useListActor(counsellingUsersListMachine, CLIENT_FILTERS)
  const view = usePagedList(list)
  const sort = useSelector(list, (s) => s.context.sort)
  const applied = useSelector(list, (s) => s.context.applied)
  const chooseCounsellor = (id: string) => list.send({ type: "filter.set", field: "counsellor", value: id })
  const columns = tableColumns(view.firstNumber, sort, (next) => list.send({ type: "sort.change", sort: next }), chooseCounsellor)
  // Every row of the narrowed list names the counsellor; none when they have no client left.
  const chosen = applied.counsellor ? (view.rows.find((u) => u.counsellor?._id === applied.counsellor)?.counsellor ?? null) : null
  return (
    <Stack gap="4">
      <ListHeader
        title={counsellingLists["counselling-users"].title}
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {view.total}
          </Text>
        }
        exportButton={<ExportButtons list="counselling-users" search="" sort={sort} filters={{ ...applied, ...dayRangeBounds(applied) }} />}
      />
      {applied.counsellor ? (
        <HStack gap="3" wrap="wrap" data-testid="counsellor-filter">
          <Text fontSize="sm">
            Clients of <b>{chosen ? counsellorText(chosen) : "the chosen counsellor"}</b>
          </Text>
          <Button size="xs" variant="outline" onClick={() => chooseCounsellor("")}>
            Show every counsellor&apos;s clients
          </Button>
        </HStack>
      ) : (
        <Box maxW="sm">
          <RecordPicker
            label="Counsellor"
            placeholder="Search counsellors by name or email"
            kind="user"
            value=""
            onChange={chooseCounsellor}
            machine={counsellorPickerMachine}
          />
          <Text fontSize="xs" color="fg.muted" mt="1">
            Or choose a counsellor in the list to see only their clients.
          </Text>
        </Box>
      )}
      <ListDayRangeFilter list={list} label="Joined" />
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns}
        rows={view.rows}
        rowKey={(u) => u._id}
        loading={view.loading}
        error={view.error}
        emptyText={counsellingListScreens["counselling-users"].empty}
      />
      <Pager {...view.pager} />
    </Stack>
  )
}
