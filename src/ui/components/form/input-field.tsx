import { Button, chakra, HStack, InputGroup, Stack, Text } from "@chakra-ui/react"
import type { ReactNode } from "react"
import { limitsOf, type FieldSpec } from "../../../machines/form/field-spec.ts"
import { PlainInput } from "../plain-input.tsx"

/** The id of a field's control inside one form: labels, errors and the focus rule find it by this. */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`

const inputType: Partial<Record<FieldSpec["kind"], string>> = {
  email: "email",
  number: "number",
  date: "date",
  time: "time",
  tel: "tel",
  url: "url",
}

/**
 * One field of a form: its label tied to its own control, a required mark, the hint, and its error
 * right under it (announced, and named by the control's aria-describedby). The control is an input of
 * the field's kind (password with its show/hide toggle); its `maxLength`, `min` and `max` come from the
 * contract schema. `renderControl` replaces it (a text area, a list, rich text, stars) and receives the
 * id and described-by to wire. This one draws no Chakra field machinery, so the sign-in screens use it
 * as it is; `FormField` adds the text area and the list.
 */
export function InputField(props: {
  formId: string
  spec: FieldSpec
  value: string
  error?: string
  visible?: boolean
  disabled?: boolean
  /** Extra attributes of the control (the date field's minimum). */
  inputProps?: Record<string, unknown>
  onChange: (value: string) => void
  onToggleVisible?: () => void
  renderControl?: (wiring: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}) {
  const { spec, formId, error } = props
  const id = fieldId(formId, spec.name)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, spec.hint ? hintId : null].filter(Boolean).join(" ") || undefined
  const required = spec.required !== false
  const limits = limitsOf(spec.schema)
  const common = {
    id,
    name: spec.name,
    value: props.value,
    disabled: props.disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": required || undefined,
    "data-form-field": spec.name,
  }
  let control: ReactNode
  if (props.renderControl) control = props.renderControl({ id, describedBy, invalid: Boolean(error) })
  else if (spec.kind === "password" && props.onToggleVisible) {
    const toggle = props.onToggleVisible
    control = (
      <InputGroup
        endElement={
          <Button size="xs" variant="ghost" onClick={toggle} aria-label={props.visible ? `Hide ${spec.label}` : `Show ${spec.label}`} disabled={props.disabled}>
            {props.visible ? "Hide" : "Show"}
          </Button>
        }
      >
        <PlainInput {...common} type={props.visible ? "text" : "password"} autoComplete={spec.autoComplete} onChange={(e) => props.onChange(e.target.value)} />
      </InputGroup>
    )
  } else {
    control = (
      <PlainInput
        {...common}
        type={spec.kind === "password" ? "password" : (inputType[spec.kind] ?? "text")}
        autoComplete={spec.autoComplete}
        placeholder={spec.placeholder}
        maxLength={limits.maxLength}
        {...(spec.kind === "number" ? { min: limits.min, max: limits.max, step: 1, inputMode: "numeric" as const } : {})}
        {...props.inputProps}
        onChange={(e) => props.onChange(e.target.value)}
      />
    )
  }
  return (
    <Stack gap="1.5" width="full" data-field={spec.name}>
      {/* The mark sits beside the label, not in it, so the field's name stays exactly its label. The id lets a
          control that is not a form control (the rich-text editable) name itself by this label. */}
      <HStack gap="1" align="baseline">
        {spec.kind === "richText" ? (
          // An editable is no form control: a <label> would name nothing (or the editor's first control, the
          // colour list). The editable names itself by this text's id; a click still moves into it.
          <chakra.span id={`${id}-label`} textStyle="sm" fontWeight="medium" onClick={() => document.getElementById(id)?.focus()}>
            {spec.label}
          </chakra.span>
        ) : (
          <chakra.label id={`${id}-label`} htmlFor={id} textStyle="sm" fontWeight="medium">
            {spec.label}
          </chakra.label>
        )}
        {required ? (
          <chakra.span color="fg.error" aria-hidden="true" textStyle="sm">
            *
          </chakra.span>
        ) : null}
      </HStack>
      {control}
      {spec.hint ? (
        <Text id={hintId} fontSize="xs" color="fg.muted">
          {spec.hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={errorId} role="alert" fontSize="sm" color="fg.error" data-testid={`field-error-${spec.name}`}>
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}
