import type { ReactNode } from "react"
import { Link, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { PersonListItem } from "../../../api/contract/user.ts"
import type { Column } from "../../components/data-table.tsx"
import { formatDateTime, orNA } from "../../components/format.ts"
import { EmailText } from "../../components/email-text.tsx"

/**
 * Numbers and dates keep to one line; a narrow screen scrolls the table sideways instead of stacking their
 * parts. Names and organizations wrap, so a long one never pushes a laptop's table past its width.
 */
export const OneLine = ({ children }: { children: ReactNode }) => (
  <Text as="span" whiteSpace="nowrap">
    {children}
  </Text>
)

/** S.No counts across pages: row 1 of page 2 is number 11. */
export const serialNumber = (page: number, pageSize: number, index: number) => (page - 1) * pageSize + index + 1

/** The columns every people list shares, in the spec's order up to Date | Time. */
export function personColumns(page: number, pageSize: number): Column<PersonListItem>[] {
  return [
    { header: "S.No", cell: (_, i) => serialNumber(page, pageSize, i) },
    {
      header: "Name",
      cell: (row) => (
        // Wraps between words, and inside one only when a single word is wider than the column.
        <Link asChild colorPalette="teal" fontWeight="medium" overflowWrap="anywhere">
          <RouterLink href={`/vendor-details/${row._id}`}>{row.name}</RouterLink>
        </Link>
      ),
    },
    { header: "Email", cell: (row) => <EmailText email={row.email} /> },
    { header: "Number", cell: (row) => <OneLine>{orNA(row.number)}</OneLine> },
    { header: "Role", cell: (row) => row.role },
    { header: "Date | Time", cell: (row) => <OneLine>{formatDateTime(row.createdAt)}</OneLine> },
  ]
}

export const organizationColumn: Column<PersonListItem> = {
  header: "Organization",
  cell: (row) => (
    <Text as="span" overflowWrap="anywhere">
      {orNA(row.organizationName)}
    </Text>
  ),
}
