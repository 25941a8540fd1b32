import { SimpleGrid, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { AnyActorRef } from "xstate"
import { isPastDate, sessionFields, todayInput } from "../../machines/session-form.ts"
import { FormDialog } from "./form/form-dialog.tsx"
import { FormField } from "./form/form-field.tsx"
import { VendorAvailability } from "./vendor-availability.tsx"

const zoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone
const byName = Object.fromEntries(sessionFields.map((f) => [f.name, f]))

/**
 * The Create and Edit Session form: Date, Time, Topic, Agenda, Duration (minutes), Note. Date and
 * time are read in the admin's browser time zone, which the form names; the date cannot be before
 * today, and the counsellor's marked slots for the chosen date are listed.
 */
export function SessionFormDialog(props: {
  actor: AnyActorRef
  title: string
  submitLabel: string
  /** What the submit button reads while the call runs ('Creating...'): a spinner alone says too little. */
  busyLabel: string
}) {
  const counsellorId = useSelector(props.actor, (s) => (s.context.extra as { counsellorId?: string | null } | null)?.counsellorId ?? null)
  return (
    <FormDialog actor={props.actor} title={props.title} submitLabel={props.submitLabel} busyLabel={props.busyLabel} size="lg">
      {({ formId, context, disabled, send }) => {
        const field = (name: string, inputProps?: Record<string, unknown>) => (
          <FormField
            formId={formId}
            spec={byName[name]!}
            value={context.values[name] ?? ""}
            error={context.errors[name]}
            disabled={disabled}
            inputProps={inputProps}
            onChange={(value) => send({ type: "field.change", field: name, value })}
          />
        )
        const date = context.values["date"] ?? ""
        return (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {field("date", { min: todayInput() })}
              {field("time")}
            </SimpleGrid>
            <Text fontSize="xs" color="fg.muted" data-testid="form-zone">
              Date and time are in your time zone ({zoneName()}).
            </Text>
            {counsellorId && !isPastDate(date) ? <VendorAvailability vendorId={counsellorId} date={date} /> : null}
            {field("topic")}
            {field("agenda")}
            {field("duration")}
            {field("note")}
          </>
        )
      }}
    </FormDialog>
  )
}
