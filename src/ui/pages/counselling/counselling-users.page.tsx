import { Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { CounsellingUser } from "../../../api/contract/counselling/counselling-user.ts"
import { counsellingLists } from "../../../api/contract/counselling/counselling-lists.ts"
import { counsellingListScreens, counsellingUserColumns, type CounsellingUserColumn } from "../../../api/contract/counselling/counselling-list-screens.ts"
import { counsellingUsersListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { formatDateTime } from "../../components/format.ts"
import { NoWrap } from "../../components/no-wrap.tsx"
import { Pager } from "../../components/pager.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { EmailText } from "../../components/email-text.tsx"

const tableCells: ColumnCells<CounsellingUser, CounsellingUserColumn["key"]> = {
  name: (u) => (
    <Link asChild colorPalette="teal" fontWeight="medium">
      <RouterLink href={`/counselling/${u._id}`}>{u.name}</RouterLink>
    </Link>
  ),
  email: (u) => <EmailText email={u.email} />,
  createdAt: (u) => <NoWrap>{formatDateTime(u.createdAt)}</NoWrap>,
}

/** S.No, then the list's defined columns (the CSV export's too). */
function tableColumns(firstNumber: number): Column<CounsellingUser>[] {
  return [{ header: "S.No", cell: (_, i) => firstNumber + i }, ...definedColumns(counsellingUserColumns, tableCells)]
}

/** Counselling Users: assigned clients with their counsellor; the name opens their sessions. */
export default function CounsellingUsersPage() {
  const list = useListActor(counsellingUsersListMachine)
  const view = usePagedList(list)
  const columns = tableColumns(view.firstNumber)
  return (
    <Stack gap="4">
      <ListHeader
        title={counsellingLists["counselling-users"].title}
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {view.total}
          </Text>
        }
        exportButton={<ExportButtons list="counselling-users" search="" />}
      />
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
