import { NativeSelect, Textarea } from "@chakra-ui/react"
import type { ComponentProps } from "react"
import { limitsOf, type FieldSpec } from "../../../machines/form/field-spec.ts"
import { InputField } from "./input-field.tsx"

export { fieldId } from "./input-field.tsx"

type Props = ComponentProps<typeof InputField>

/** The text area or the list a field's kind asks for, wired like the input would be. */
function controlOf(props: Props): Props["renderControl"] {
  const { spec } = props
  if (spec.kind !== "textarea" && spec.kind !== "select") return undefined
  return ({ id, describedBy, invalid }) => {
    const common = {
      id,
      name: spec.name,
      value: props.value,
      disabled: props.disabled,
      "aria-invalid": invalid || undefined,
      "aria-describedby": describedBy,
      "aria-required": spec.required !== false || undefined,
      "data-form-field": spec.name,
    }
    if (spec.kind === "textarea")
      return (
        <Textarea
          {...common}
          rows={4}
          maxLength={limitsOf(spec.schema).maxLength}
          placeholder={spec.placeholder}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )
    return <ChoiceList spec={spec} common={common} disabled={props.disabled} onChange={props.onChange} />
  }
}

function ChoiceList(props: { spec: FieldSpec; common: Record<string, unknown>; disabled?: boolean; onChange: (value: string) => void }) {
  return (
    <NativeSelect.Root disabled={props.disabled}>
      <NativeSelect.Field {...props.common} onChange={(e) => props.onChange(e.target.value)}>
        <option value="" disabled>
          Select {props.spec.label}
        </option>
        {(props.spec.options ?? []).map((option) => (
          <option key={option} value={option}>
            {props.spec.optionLabels?.[option] ?? option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** Any field of a form: `InputField` plus the text area and the list (which bring Chakra's field machinery). */
export function FormField(props: Props) {
  return <InputField {...props} renderControl={props.renderControl ?? controlOf(props)} />
}
