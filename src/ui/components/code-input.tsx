import { Field, Input } from "@chakra-ui/react"

/** A 6-digit authenticator code: numeric keyboard, one-time-code autofill, focused when it appears. */
export function CodeInput(props: { label: string; value: string; onChange: (value: string) => void; disabled?: boolean; helper?: string }) {
  return (
    <Field.Root required>
      <Field.Label>{props.label}</Field.Label>
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        // The field is the one thing to do at this step: keyboard users type straight away.
        autoFocus
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.helper ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
    </Field.Root>
  )
}
