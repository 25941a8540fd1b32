import { useContext, useEffect, useId, useRef, useState, type ReactNode } from "react"
import { Box, Skeleton, Stack, Table, Text, VisuallyHidden } from "@chakra-ui/react"
import type { ListColumn } from "../../api/contract/list-column.ts"
import { ColumnsMenu, type ColumnChoice } from "./columns-menu.tsx"
import { EmptyState } from "./empty-state.tsx"
import { PageTitle } from "./page-title.ts"

export interface Column<Row> {
  header: string
  /** Shown instead of the header text when set (a select-all checkbox, say); `header` stays its key. */
  headerCell?: ReactNode
  /** A column the rows are sorted by says which way (aria-sort), for assistive technology. */
  sorted?: "ascending" | "descending"
  cell: (row: Row, index: number) => ReactNode
}

/** How a screen draws some of a resource's list columns (a link, a badge); the others show their text. */
export type ColumnCells<Row, Key extends string> = Partial<Record<Key, (row: Row) => ReactNode>>

/** How a screen heads some of those columns (a sort button and which way the rows are sorted). */
export type ColumnHeads<Row, Key extends string> = Partial<Record<Key, Pick<Column<Row>, "headerCell" | "sorted">>>

/**
 * A table's columns from its resource's list columns (the CSV export's too, less its own), each drawn by
 * `cells` or as its text, and headed by `heads` or by its header.
 */
export function definedColumns<Row, Key extends string>(
  columns: readonly ListColumn<Row, Key>[],
  cells: ColumnCells<Row, Key>,
  heads: ColumnHeads<Row, Key> = {},
): Column<Row>[] {
  return columns.filter((column) => !column.exportOnly).map(({ key, header, text }) => ({ header, ...heads[key], cell: cells[key] ?? text }))
}

/** Rows of placeholders while the first rows load: the table keeps its shape, so nothing jumps when they come. */
const SKELETON_ROWS = 5

/**
 * The one table of the console: its header over placeholder rows while fetching the first rows, the failure
 * in red, the screen's exact empty text under an icon, and rows otherwise. Scrolls sideways on narrow screens. A reload
 * (another page, a save) keeps the rows on screen, dimmed and aria-busy, until the new ones arrive:
 * swapping them for a spinner threw away the focused button, so focus fell to the top of the page
 * and a closing dialog had no opener left to give it back to.
 */
export function DataTable<Row>(props: {
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  loading: boolean
  error: string | null
  emptyText: string
  caption?: string
  /** The scroll region's name when the table is not the page's own list (a tab's table); `<page title> table` otherwise. */
  label?: string
  /** The list's hidden columns and its toggle: a Columns menu above the table shows or hides each. */
  columnChoice?: ColumnChoice
}) {
  const pageTitle = useContext(PageTitle)
  const hidden = props.columnChoice?.hidden ?? []
  const columns = props.columns.filter((c) => !hidden.includes(c.header))
  const menu = props.columnChoice ? <ColumnsMenu headers={props.columns.map((c) => c.header)} choice={props.columnChoice} /> : null
  if (props.loading && props.rows.length === 0) {
    return (
      <Stack gap="1">
        {menu}
        <Box borderWidth="1px" rounded="md" bg="bg" overflowX="hidden" aria-busy="true" data-testid="list-loading">
          <VisuallyHidden role="status">Loading</VisuallyHidden>
          <Table.Root size="sm" aria-hidden="true">
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Row key={i}>
                  {columns.map((c) => (
                    <Table.Cell key={c.header}>
                      <Skeleton height="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    )
  }
  if (props.error) {
    return (
      <Text role="alert" color="fg.error" py="6" data-testid="list-error">
        {props.error}
      </Text>
    )
  }
  if (props.rows.length === 0) {
    return <EmptyState text={props.emptyText} />
  }
  return (
    <Stack gap="1">
      {menu}
      <TableRegion label={props.caption ?? props.label ?? (pageTitle ? `${pageTitle} table` : "Table")} loading={props.loading}>
        <Table.Root size="sm" striped>
          {props.caption ? <Table.Caption>{props.caption}</Table.Caption> : null}
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header} aria-sort={c.sorted}>
                  {c.headerCell ?? c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.rows.map((row, i) => (
              <Table.Row key={props.rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell key={c.header}>{c.cell(row, i)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableRegion>
    </Stack>
  )
}

/**
 * The table's frame. It scrolls sideways when the columns are wider than the screen (a phone), takes focus so
 * the keyboard can scroll it too (WCAG 2.1.1), and then says so above it: a cut-off column gave no sign.
 */
function TableRegion({ label, loading, children }: { label: string; loading: boolean; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const [overflowing, setOverflowing] = useState(false)
  useEffect(() => {
    const box = frame.current
    if (!box) return
    const measure = () => setOverflowing(box.scrollWidth > box.clientWidth + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    if (box.firstElementChild) observer.observe(box.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <Box>
      {overflowing ? (
        <Text id={hintId} fontSize="xs" color="fg.muted" mb="1" data-testid="table-scroll-hint">
          Scroll sideways for more columns →
        </Text>
      ) : null}
      <Box
        ref={frame}
        overflowX="auto"
        borderWidth="1px"
        rounded="md"
        bg="bg"
        tabIndex={0}
        role="region"
        aria-label={label}
        data-testid="table-region"
        aria-describedby={overflowing ? hintId : undefined}
        aria-busy={loading}
        opacity={loading ? 0.6 : 1}
        transition="opacity 0.15s"
        _focusVisible={{ outline: "2px solid", outlineColor: "teal.solid", outlineOffset: "2px" }}
      >
        {children}
      </Box>
    </Box>
  )
}
