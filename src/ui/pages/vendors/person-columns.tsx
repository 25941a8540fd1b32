import type { ReactNode } from "react"
import { Link, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import { peopleListColumns, type PeopleListColumn } from "../../../api/contract/vendors/people-list-screens.ts"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import { definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
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

type Cells = ColumnCells<PersonListItem, PeopleListColumn["key"]>

/** How a table draws the definition's columns where plain text is not enough; the others show their text. */
const tableCells: Cells = {
  name: (row) => (
    // Wraps between words, and inside one only when a single word is wider than the column. Not "anywhere":
    // that lets the table shrink the column to one letter's width, and a phone showed "Kavy|a Shar|ma".
    <Link asChild colorPalette="teal" fontWeight="medium" overflowWrap="break-word">
      <RouterLink href={`/vendor-details/${row._id}`}>{row.name}</RouterLink>
    </Link>
  ),
  email: (row) => <EmailText email={row.email} />,
  number: (row) => <OneLine>{orNA(row.number)}</OneLine>,
  createdAt: (row) => <OneLine>{formatDateTime(row.createdAt)}</OneLine>,
  organization: (row) => (
    <Text as="span" overflowWrap="break-word">
      {orNA(row.organizationName)}
    </Text>
  ),
}

/**
 * A people list's table: S.No, then the columns of the people lists' definition (the CSV export's too), each
 * drawn by the screen's own cell (its status badge or menu), else the table's, else as its text.
 */
export function peopleTableColumns(page: number, pageSize: number, screenCells: Cells): Column<PersonListItem>[] {
  return [{ header: "S.No", cell: (_, i) => serialNumber(page, pageSize, i) }, ...definedColumns(peopleListColumns, { ...tableCells, ...screenCells })]
}
