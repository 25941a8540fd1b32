import { Button, chakra, HStack, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { dayRangeProblem, type DayRangeRule } from "../../machines/day-range.ts"
import { PlainInput } from "./plain-input.tsx"
import type { ListActor } from "./use-paged-list.ts"

/**
 * A paged list's days (its `from` and `to` filters): the form's days are the list's draft, Apply dates reads them
 * (when `rule` and order allow), and Clear dates empties only the days, the list's other filters staying as chosen.
 */
export function ListDayRangeFilter<Row>(props: { list: ListActor<Row>; label: string; rule?: DayRangeRule; disabled?: boolean }) {
  const { list } = props
  const filters = useSelector(list, (s) => s.context.filters)
  const applied = useSelector(list, (s) => Boolean(s.context.applied.from || s.context.applied.to))
  const busy = useSelector(list, (s) => s.hasTag("busy"))
  return (
    <DayRangeFilter
      label={props.label}
      from={filters.from ?? ""}
      to={filters.to ?? ""}
      applied={applied}
      problem={dayRangeProblem(filters, props.rule)}
      disabled={busy || props.disabled === true}
      onChange={(field, value) => list.send({ type: "filter.change", field, value })}
      onApply={() => list.send({ type: "filter.apply" })}
      onClear={() => {
        list.send({ type: "filter.change", field: "to", value: "" })
        list.send({ type: "filter.set", field: "from", value: "" })
      }}
    />
  )
}

/**
 * A list's filter by days (issue 26; All Enquiries' Received, My Tickets' Raised): the first and last day on the reader's
 * clock, applied together with Apply dates (or Enter in either field); a last day before the first is said beside the
 * fields and not applied.
 */
function DayRangeFilter(props: {
  /** What the days are of: "Received", "Raised"; the fields are "<label> from" and "<label> to". */
  label: string
  from: string
  to: string
  applied: boolean
  problem: string | null
  disabled: boolean
  onChange: (field: "from" | "to", value: string) => void
  onApply: () => void
  onClear: () => void
}) {
  const id = props.label.toLowerCase()
  return (
    <chakra.form
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault()
        props.onApply()
      }}
    >
      <HStack gap="3" align="end" wrap="wrap">
        <DayField
          label={`${props.label} from`}
          id={`${id}-from`}
          errorId={`${id}-error`}
          value={props.from}
          invalid={props.problem !== null}
          onChange={(v) => props.onChange("from", v)}
        />
        <DayField
          label={`${props.label} to`}
          id={`${id}-to`}
          errorId={`${id}-error`}
          value={props.to}
          invalid={props.problem !== null}
          onChange={(v) => props.onChange("to", v)}
        />
        <Button type="submit" size="sm" variant="outline" disabled={props.disabled || props.problem !== null}>
          Apply dates
        </Button>
        {props.applied ? (
          <Button type="button" size="sm" variant="ghost" disabled={props.disabled} onClick={props.onClear}>
            Clear dates
          </Button>
        ) : null}
      </HStack>
      {props.problem ? (
        <Text id={`${id}-error`} role="alert" fontSize="sm" color="fg.error" mt="1">
          {props.problem}
        </Text>
      ) : null}
    </chakra.form>
  )
}

function DayField(props: { label: string; id: string; errorId: string; value: string; invalid: boolean; onChange: (value: string) => void }) {
  return (
    <Stack gap="1">
      <chakra.label htmlFor={props.id} fontSize="sm" fontWeight="medium">
        {props.label}
      </chakra.label>
      <PlainInput
        id={props.id}
        type="date"
        size="sm"
        value={props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.invalid ? props.errorId : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </Stack>
  )
}
