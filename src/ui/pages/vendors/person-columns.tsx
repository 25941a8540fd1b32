import type { ReactNode } from "react"
import { Badge, Link, Stack, Text } from "@chakra-ui/react"
import { FilePen } from "lucide-react"
import { Link as RouterLink } from "wouter"
import { peopleListColumns, type PeopleListColumn } from "../../../api/contract/vendors/people-list-screens.ts"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import { definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { formatDateTime, orNA } from "../../components/format.ts"
import { EmailText } from "../../components/email-text.tsx"
import { nameAndDateHeads } from "../../components/sort-header.tsx"

/** Longer than any real word of a name or an organization: a run this long may break anywhere. */
const LONG_WORD = 20

/**
 * Text that wraps between its words and never inside an ordinary one ("Kavy|a Shar|ma" at 375 px), while a run
 * longer than LONG_WORD may break anywhere, so one very long string cannot push a laptop's table past its width.
 * `overflow-wrap: anywhere` on the whole text let the table shrink a name's column to one letter; on the long
 * runs alone it leaves the column as wide as the longest ordinary word.
 */
const Words = ({ text }: { text: string }) =>
  text.split(/(\s+)/).map((part, i) =>
    part.length > LONG_WORD ? (
      <Text as="span" key={i} overflowWrap="anywhere">
        {part}
      </Text>
    ) : (
      part
    ),
  )

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

/** A person's name, leading to their Vendor Details, where the changes they asked for wait to be reviewed (issue 26). */
export const nameCell = (row: PersonListItem) => (
  <Stack gap="1" align="flex-start">
    <Link asChild colorPalette="teal" fontWeight="medium">
      <RouterLink href={`/vendor-details/${row._id}`}>
        <Words text={row.name} />
      </RouterLink>
    </Link>
    {row.changesUnderReview ? (
      <Badge size="sm" colorPalette="orange" variant="subtle" data-testid="changes-under-review">
        <FilePen aria-hidden size={12} />
        Changes under review
      </Badge>
    ) : null}
  </Stack>
)

/** How a table draws the definition's columns where plain text is not enough; the others show their text. */
const tableCells: Cells = {
  name: nameCell,
  email: (row) => <EmailText email={row.email} />,
  number: (row) => <OneLine>{orNA(row.number)}</OneLine>,
  createdAt: (row) => <OneLine>{formatDateTime(row.createdAt)}</OneLine>,
  organization: (row) => <Words text={orNA(row.organizationName)} />,
}

/** How a people list is being ordered, and how to order it otherwise (from the Name and Date | Time headers). */
export interface PeopleSorting {
  sort: string
  onSort: (sort: string) => void
  disabled?: boolean
}

/**
 * A people list's table: S.No, then the columns of the people lists' definition (the CSV export's too), each
 * drawn by the screen's own cell (its status badge or menu), else the table's, else as its text. Name and
 * Date | Time sort the list (its own order is newest first).
 */
export function peopleTableColumns(page: number, pageSize: number, screenCells: Cells, sorting: PeopleSorting): Column<PersonListItem>[] {
  const { sort, onSort, disabled = false } = sorting
  return [
    { header: "S.No", cell: (_, i) => serialNumber(page, pageSize, i) },
    ...definedColumns(peopleListColumns, { ...tableCells, ...screenCells }, nameAndDateHeads({ sort, onSort, disabled, by: "date added" })),
  ]
}
