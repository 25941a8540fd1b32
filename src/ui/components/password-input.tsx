import { Button, InputGroup } from "@chakra-ui/react"
import { useId } from "react"
import { PlainField } from "./plain-field.tsx"
import { PlainInput } from "./plain-input.tsx"

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
  const id = useId()
  return (
    <PlainField id={id} label={props.label}>
      <InputGroup
        endElement={
          <Button size="xs" variant="ghost" onClick={props.onToggle} aria-label={props.visible ? `Hide ${props.label}` : `Show ${props.label}`}>
            {props.visible ? "Hide" : "Show"}
          </Button>
        }
      >
        <PlainInput
          id={id}
          required
          name={props.name}
          type={props.visible ? "text" : "password"}
          value={props.value}
          autoComplete={props.autoComplete}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </InputGroup>
    </PlainField>
  )
}
