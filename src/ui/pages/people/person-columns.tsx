import { Link } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { PersonListItem } from "../../../api/contract/vendor.ts"
import type { Column } from "../../components/data-table.tsx"
import { formatDateTime, orNA } from "../../components/format.ts"

/** S.No counts across pages: row 1 of page 2 is number 11. */
export const serialNumber = (page: number, pageSize: number, index: number) => (page - 1) * pageSize + index + 1

/** The columns every people list shares, in the spec's order up to Date | Time. */
export function personColumns(page: number, pageSize: number): Column<PersonListItem>[] {
  return [
    { header: "S.No", cell: (_, i) => serialNumber(page, pageSize, i) },
    {
      header: "Name",
      cell: (row) => (
        <Link asChild colorPalette="teal" fontWeight="medium">
          <RouterLink href={`/vendor-details/${row._id}`}>{row.name}</RouterLink>
        </Link>
      ),
    },
    { header: "Email", cell: (row) => row.email },
    { header: "Number", cell: (row) => orNA(row.number) },
    { header: "Role", cell: (row) => row.role },
    { header: "Date | Time", cell: (row) => formatDateTime(row.createdAt) },
  ]
}

export const organizationColumn: Column<PersonListItem> = { header: "Organization", cell: (row) => orNA(row.organizationName) }
