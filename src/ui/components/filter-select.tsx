import { Field, NativeSelect } from "@chakra-ui/react"

/** A choice among fixed values; one applied from an old link that is not (or no longer) offered still shows. */
export function FilterSelect(props: {
  label: string
  all: string
  value: string
  choices: ReadonlyArray<{ value: string; label: string }>
  onChange: (value: string) => void
  disabled?: boolean
}) {
  const offered =
    props.value && !props.choices.some((c) => c.value === props.value) ? [...props.choices, { value: props.value, label: props.value }] : props.choices
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm" disabled={props.disabled}>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          <option value="">{props.all}</option>
          {offered.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
