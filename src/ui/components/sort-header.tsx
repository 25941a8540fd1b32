import { Button } from "@chakra-ui/react"
import type { Column } from "./data-table.tsx"

/** How a sortable column reads each way, for the button's label ("latest first", "A to Z"). */
export interface SortWays {
  /** What the column orders by ("session date", "name"). */
  by: string
  ascending: string
  descending: string
}

/** A name column's ways, the same on every list sorted by name. */
export const NAME_WAYS: SortWays = { by: "name", ascending: "A to Z", descending: "Z to A" }

/**
 * The head of a column a list can be sorted by: a button that orders the rows by it (`first` way on the first
 * press, then the other way each press), an arrow for the way the rows are in, and aria-sort on the column.
 * `key` is the list's sort key ("dateTime"; "-dateTime" is descending); `sort` the list's current one, where
 * the list's own order ("") counts as `implied` when that is this column's order (newest first, say).
 */
export function sortHead<Row>(o: {
  label: string
  key: string
  sort: string
  onSort: (sort: string) => void
  first: "ascending" | "descending"
  ways: SortWays
  implied?: "ascending" | "descending"
  /** The list is busy with something the order must wait for (a review list's status change). */
  disabled?: boolean
}): Pick<Column<Row>, "headerCell" | "sorted"> {
  const current = o.sort === o.key ? "ascending" : o.sort === `-${o.key}` ? "descending" : o.sort === "" ? o.implied : undefined
  const next = current === undefined ? o.first : current === "ascending" ? "descending" : "ascending"
  const arrow = current === "ascending" ? " ↑" : current === "descending" ? " ↓" : ""
  return {
    headerCell: (
      <Button
        size="xs"
        variant="ghost"
        px="1"
        mx="-1"
        h="auto"
        py="0.5"
        fontWeight="inherit"
        fontSize="inherit"
        color="inherit"
        disabled={o.disabled}
        onClick={() => o.onSort(next === "ascending" ? o.key : `-${o.key}`)}
        aria-label={`${o.label}: sort by ${o.ways.by}, ${o.ways[next]}`}
      >
        {o.label}
        {/* The way is the button's label and the column's aria-sort; the arrow is for the eye. */}
        {arrow ? <span aria-hidden="true">{arrow}</span> : null}
      </Button>
    ),
    ...(current ? { sorted: current } : {}),
  }
}

/**
 * The Name and Date | Time heads of a list of people or enquiries (its own order newest first): Name A to Z on the
 * first press, the date newest first; `by` says what the date is ("date sent", "date joined").
 */
export function nameAndDateHeads<Row>(o: { sort: string; onSort: (sort: string) => void; by: string; disabled?: boolean }) {
  const { sort, onSort, disabled = false } = o
  const dateWays: SortWays = { by: o.by, ascending: "oldest first", descending: "newest first" }
  return {
    name: sortHead<Row>({ label: "Name", key: "name", sort, onSort, disabled, first: "ascending", ways: NAME_WAYS }),
    createdAt: sortHead<Row>({ label: "Date | Time", key: "createdAt", sort, onSort, disabled, first: "descending", implied: "descending", ways: dateWays }),
  }
}
