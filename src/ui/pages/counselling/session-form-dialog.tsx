import { SimpleGrid, Text } from "@chakra-ui/react"
import { viewerZone } from "../../components/format.ts"
import { useActorRef, useSelector } from "@xstate/react"
import type { AnyActorRef } from "xstate"
import { isPastDate, sessionFields, todayInput } from "../../../machines/counselling/session-form.ts"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import { freeSlotsMachine, isFreeTime } from "../../../machines/counselling/free-slots.machine.ts"
import { FreeSlots } from "./free-slots.tsx"

const byName = Object.fromEntries(sessionFields.map((f) => [f.name, f]))

/**
 * The Create and Edit Session form: Date, Time, Topic, Agenda, Duration (minutes), Note. Date and
 * time are read in the admin's browser time zone, which the form names; the date cannot be before
 * today, and the counsellor's free times on the chosen date are offered (a click fills the time); a time
 * outside them is booked only after a confirmation.
 */
export function SessionFormDialog(props: {
  actor: AnyActorRef
  title: string
  submitLabel: string
  /** What the submit button reads while the call runs ('Creating...'): a spinner alone says too little. */
  busyLabel: string
}) {
  const extra = useSelector(props.actor, (s) => s.context.extra as { counsellorId?: string | null; userId?: string | null } | null)
  const itemId = useSelector(props.actor, (s) => (s.context as { itemId: string | null }).itemId)
  const counsellorId = extra?.counsellorId ?? null
  const free = useActorRef(freeSlotsMachine, { input: { vendorId: "", date: "", clientId: null, exceptSessionId: null } })
  const freeReady = useSelector(free, (s) => s.matches("ready"))
  const freeSlots = useSelector(free, (s) => s.context.slots)
  return (
    <FormDialog
      actor={props.actor}
      title={props.title}
      submitLabel={props.submitLabel}
      busyLabel={props.busyLabel}
      size="lg"
      confirmSubmit={{
        needed: (context) => freeReady && !isFreeTime(freeSlots, context.values["date"] ?? "", context.values["time"] ?? ""),
        title: "Outside the counsellor's free times",
        question: "This time is not one of the counsellor's free times (outside their hours, or taken). Book it anyway?",
        confirmLabel: "Book anyway",
      }}
    >
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
              Date and time are in your time zone ({viewerZone()}).
            </Text>
            {counsellorId && !isPastDate(date) ? (
              <FreeSlots
                actor={free}
                vendorId={counsellorId}
                date={date}
                clientId={extra?.userId ?? null}
                exceptSessionId={itemId}
                chosen={context.values["time"] ?? ""}
                onPick={(time) => send({ type: "field.change", field: "time", value: time })}
              />
            ) : null}
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
