import { Field, Input, NativeSelect, Textarea } from "@chakra-ui/react"
import type { FieldSpec, FormErrors, FormValues } from "../../../machines/content-validation.ts"

/** The text fields of a content form, drawn from the machine's field list so labels and checks agree. */
export function FormFields(props: { fields: readonly FieldSpec[]; values: FormValues; errors: FormErrors; disabled?: boolean; onChange: (field: string, value: string) => void }) {
  return (
    <>
      {props.fields.map((spec) => (
        <Field.Root key={spec.name} required invalid={Boolean(props.errors[spec.name])}>
          <Field.Label>{spec.label}</Field.Label>
          <FieldControl spec={spec} value={props.values[spec.name] ?? ""} disabled={props.disabled} onChange={(value) => props.onChange(spec.name, value)} />
          {props.errors[spec.name] ? <Field.ErrorText>{props.errors[spec.name]}</Field.ErrorText> : null}
        </Field.Root>
      ))}
    </>
  )
}

function FieldControl({ spec, value, disabled, onChange }: { spec: FieldSpec; value: string; disabled?: boolean; onChange: (value: string) => void }) {
  if (spec.kind === "textarea") return <Textarea name={spec.name} value={value} rows={4} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
  if (spec.kind === "select") {
    return (
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field name={spec.name} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="" disabled>
            Select {spec.label}
          </option>
          {(spec.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    )
  }
  const type = spec.kind === "email" ? "email" : spec.kind === "url" ? "url" : spec.kind === "tel" ? "tel" : "text"
  return <Input name={spec.name} type={type} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
}
