import type { FieldSpec } from "../../../machines/form/field-spec.ts"
import type { FormContext } from "../../../machines/form/form.machine.ts"
import { FormField } from "./form-field.tsx"

/** The machine's fields in order, each wired to `field.change` and (passwords) `visibility.toggle`. */
export function FormFields(props: {
  formId: string
  fields: readonly FieldSpec[]
  context: Pick<FormContext<unknown>, "values" | "errors" | "visible">
  disabled?: boolean
  send: (event: { type: "field.change"; field: string; value: string } | { type: "visibility.toggle"; field: string }) => void
}) {
  return (
    <>
      {props.fields.map((spec) => (
        <FormField
          key={spec.name}
          formId={props.formId}
          spec={spec}
          value={props.context.values[spec.name] ?? ""}
          error={props.context.errors[spec.name]}
          visible={props.context.visible[spec.name]}
          disabled={props.disabled}
          onChange={(value) => props.send({ type: "field.change", field: spec.name, value })}
          onToggleVisible={() => props.send({ type: "visibility.toggle", field: spec.name })}
        />
      ))}
    </>
  )
}
