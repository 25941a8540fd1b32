import { Checkbox } from "@chakra-ui/react"

/** A row's (or a whole page's) selection box in a table, named for what it selects. */
export function SelectBox(props: { label: string; checked: boolean | "indeterminate"; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox.Root checked={props.checked} disabled={props.disabled} onCheckedChange={(e) => props.onChange(e.checked === true)} size="sm">
      <Checkbox.HiddenInput aria-label={props.label} />
      <Checkbox.Control />
    </Checkbox.Root>
  )
}

/** The select-all box's state for the rows of this page: none, all, or some of them chosen. */
export function pageSelection(pageIds: readonly string[], chosen: readonly string[]): boolean | "indeterminate" {
  const picked = pageIds.filter((id) => chosen.includes(id)).length
  return picked === 0 ? false : picked === pageIds.length ? true : "indeterminate"
}
