import { Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { CounsellingUser } from "../../../api/contract/counselling/counselling-user.ts"
import { counsellingUsersListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { formatDateTime, orNA } from "../../components/format.ts"
import { NoWrap } from "../../components/no-wrap.tsx"
import { Pager } from "../../components/pager.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportCsvButton } from "../../components/export-csv-button.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { EmailText } from "../../components/email-text.tsx"

function counsellingUserColumns(firstNumber: number): Column<CounsellingUser>[] {
  return [
    { header: "S.No", cell: (_, i) => firstNumber + i },
    {
      header: "Name",
      cell: (u) => (
        <Link asChild colorPalette="teal" fontWeight="medium">
          <RouterLink href={`/counselling/${u._id}`}>{u.name}</RouterLink>
        </Link>
      ),
    },
    { header: "Email", cell: (u) => <EmailText email={u.email} /> },
    { header: "Number", cell: (u) => orNA(u.number) },
    { header: "Counsellor", cell: (u) => (u.counsellor ? `${u.counsellor.name} (${u.counsellor.role})` : "Unassigned") },
    { header: "Date | Time", cell: (u) => <NoWrap>{formatDateTime(u.createdAt)}</NoWrap> },
  ]
}

/** Counselling Users: assigned clients with their counsellor; the name opens their sessions. */
export default function CounsellingUsersPage() {
  const list = useListActor(counsellingUsersListMachine)
  const view = usePagedList(list)
  const columns = counsellingUserColumns(view.firstNumber)
  return (
    <Stack gap="4">
      <ListHeader
        title="Counselling Users"
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="total-records">
            Total Records: {view.total}
          </Text>
        }
        exportButton={<ExportCsvButton list="counselling-users" search="" />}
      />
      <DataTable columns={columns} rows={view.rows} rowKey={(u) => u._id} loading={view.loading} error={view.error} emptyText="No users found." />
      <Pager {...view.pager} />
    </Stack>
  )
}
