import { Checkbox } from "@chakra-ui/react"
import type { Column } from "./data-table.tsx"

/** A row's (or a whole page's) selection box in a table, named for what it selects. */
export function SelectBox(props: {
  label: string
  /** Short words shown beside the box (its accessible name stays `label`); a click on them ticks it too. */
  text?: string
  checked: boolean | "indeterminate"
  disabled?: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <Checkbox.Root checked={props.checked} disabled={props.disabled} onCheckedChange={(e) => props.onChange(e.checked === true)} size="sm" alignSelf="start">
      {/* Named by `label`: the box's own aria-labelledby (its short words) would hide what it selects. */}
      <Checkbox.HiddenInput aria-label={props.label} aria-labelledby="" />
      <Checkbox.Control />
      {props.text ? (
        <Checkbox.Label fontSize="sm" color="fg.muted" fontWeight="normal" aria-hidden="true">
          {props.text}
        </Checkbox.Label>
      ) : null}
    </Checkbox.Root>
  )
}

/** The select-all box's state for the rows of this page: none, all, or some of them chosen. */
export function pageSelection(pageIds: readonly string[], chosen: readonly string[]): boolean | "indeterminate" {
  const picked = pageIds.filter((id) => chosen.includes(id)).length
  return picked === 0 ? false : picked === pageIds.length ? true : "indeterminate"
}

/** What a list's selection column tells its bulk machine. */
export type SelectionEvent<Row> = { type: "selection.toggle"; row: Row } | { type: "selection.setAll"; rows: Row[]; selected: boolean }

/** The rows' selection boxes, and the page's in the header: a list's bulk bar acts on the rows chosen. */
export function selectColumnOf<Row>(o: {
  rows: Row[]
  chosen: string[]
  busy: boolean
  rowId: (row: Row) => string
  /** What a row's box selects, e.g. 'Select Asha Rao'. */
  rowLabel: (row: Row) => string
  /** What the header's box selects, e.g. 'Select all vendors on this page'. */
  pageLabel: string
  send: (event: SelectionEvent<Row>) => void
}): Column<Row> {
  return {
    header: "Select",
    headerCell: (
      <SelectBox
        label={o.pageLabel}
        checked={pageSelection(o.rows.map(o.rowId), o.chosen)}
        disabled={o.busy}
        onChange={(checked) => o.send({ type: "selection.setAll", rows: o.rows, selected: checked })}
      />
    ),
    cell: (row) => (
      <SelectBox
        label={o.rowLabel(row)}
        checked={o.chosen.includes(o.rowId(row))}
        disabled={o.busy}
        onChange={() => o.send({ type: "selection.toggle", row })}
      />
    ),
  }
}
