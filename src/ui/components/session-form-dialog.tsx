import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react"
import type { Message } from "../../machines/login.machine.ts"
import { isPastDate, todayInput, type SessionField, type SessionFormErrors, type SessionFormValues } from "../../machines/session-form.ts"
import { SESSION_MINUTES } from "../../api/contract/counselling-session.ts"
import { FormMessage } from "./form-message.tsx"
import { VendorAvailability } from "./vendor-availability.tsx"

const zoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone

function TextField(props: {
  field: SessionField
  label: string
  type?: string
  values: SessionFormValues
  errors: SessionFormErrors
  required?: boolean
  multiline?: boolean
  /** The earliest date the date field offers. */
  min?: string
  onChange: (field: SessionField, value: string) => void
}) {
  const error = props.errors[props.field]
  const common = {
    name: props.field,
    value: props.values[props.field],
    onChange: (e: { target: { value: string } }) => props.onChange(props.field, e.target.value),
  }
  return (
    <Field.Root required={props.required} invalid={Boolean(error)}>
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.multiline ? <Textarea {...common} rows={3} /> : <Input {...common} type={props.type ?? "text"} {...(props.type === "number" ? { min: SESSION_MINUTES.minimum, max: SESSION_MINUTES.maximum, step: 1, inputMode: "numeric" as const } : {})} {...(props.min ? { min: props.min } : {})} />}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  )
}

/**
 * The Create and Edit Session form: Date, Time, Topic, Agenda, Duration (minutes), Note. Date and
 * time are read in the admin's browser time zone, which the form names.
 */
export function SessionFormDialog(props: {
  open: boolean
  title: string
  submitLabel: string
  /** What the submit button reads while the call runs ('Creating...'): a spinner alone says too little. */
  busyLabel: string
  values: SessionFormValues
  errors: SessionFormErrors
  message: Message | null
  busy: boolean
  done: boolean
  onChange: (field: SessionField, value: string) => void
  onSubmit: () => void
  onCancel: () => void
  /** The counsellor being booked: the form shows which slots they marked available on the chosen date. */
  counsellorId?: string | null
}) {
  const field = { values: props.values, errors: props.errors, onChange: props.onChange }
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && props.onCancel()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                props.onSubmit()
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <TextField {...field} field="date" label="Date" type="date" required min={todayInput()} />
                    <TextField {...field} field="time" label="Time" type="time" required />
                  </SimpleGrid>
                  <Text fontSize="xs" color="fg.muted" data-testid="form-zone">
                    Date and time are in your time zone ({zoneName()}).
                  </Text>
                  {props.counsellorId && !isPastDate(props.values.date) ? <VendorAvailability vendorId={props.counsellorId} date={props.values.date} /> : null}
                  <TextField {...field} field="topic" label="Topic" required />
                  <TextField {...field} field="agenda" label="Agenda" required multiline />
                  <TextField {...field} field="duration" label="Duration (minutes)" type="number" required />
                  <TextField {...field} field="note" label="Note" multiline />
                  <FormMessage message={props.message} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="teal" loading={props.busy} loadingText={props.busyLabel} aria-busy={props.busy} disabled={props.done}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
