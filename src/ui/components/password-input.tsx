import { Button, Field, Input, InputGroup } from "@chakra-ui/react"

/** A password field with the spec's show/hide toggle. */
export function PasswordInput(props: {
  label: string
  name: string
  value: string
  visible: boolean
  onChange: (value: string) => void
  onToggle: () => void
  autoComplete?: string
  disabled?: boolean
}) {
  return (
    <Field.Root required>
      <Field.Label>{props.label}</Field.Label>
      <InputGroup
        endElement={
          <Button size="xs" variant="ghost" onClick={props.onToggle} aria-label={props.visible ? `Hide ${props.label}` : `Show ${props.label}`}>
            {props.visible ? "Hide" : "Show"}
          </Button>
        }
      >
        <Input
          name={props.name}
          type={props.visible ? "text" : "password"}
          value={props.value}
          autoComplete={props.autoComplete}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </InputGroup>
    </Field.Root>
  )
}
