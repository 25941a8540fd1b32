import { Button } from "@chakra-ui/react"
import { useActorRef } from "@xstate/react"
import type { TicketAnswer } from "../../../api/contract/tickets/ticket.ts"
import { raiseTicketFields, raiseTicketFiles, raiseTicketMachine } from "../../../machines/tickets/raise-ticket.machine.ts"
import { FileField } from "../../components/form/file-field.tsx"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormFields } from "../../components/form/form-fields.tsx"

const imageSpec = raiseTicketFiles[0]!

/**
 * The Raise Ticket button and its form, the same on My Tickets (floating) and on the dashboard.
 * `onSubmitted` runs after a ticket is created (My Tickets reloads its list); it is taken from the
 * first render, so it must only use stable things (an actor ref).
 */
export function RaiseTicket(props: { floating?: boolean; onSubmitted?: (answer: TicketAnswer) => void }) {
  const { onSubmitted } = props
  const actor = useActorRef(raiseTicketMachine.provide({ actions: { submitted: (_, { output }) => onSubmitted?.(output) } }))
  return (
    <>
      <Button
        aria-haspopup="dialog"
        data-dialog="raise"
        colorPalette="teal"
        onClick={() => actor.send({ type: "form.open" })}
        {...(props.floating ? { position: "fixed", bottom: "6", right: "6", zIndex: "docked", shadow: "lg", rounded: "full", size: "lg" } : {})}
      >
        + Raise Ticket
      </Button>
      <FormDialog actor={actor} title="Raise Ticket" submitLabel="Submit" busyLabel="Submitting...">
        {({ formId, context, disabled, send }) => (
          <>
            <FormFields formId={formId} fields={raiseTicketFields} context={context} disabled={disabled} send={send} />
            <FileField
              formId={formId}
              spec={imageSpec}
              state={context.files[imageSpec.name]}
              mode={context.mode}
              error={context.errors[imageSpec.name]}
              disabled={disabled}
              hint="Only .png, .jpg or .jpeg"
              onChange={(file) => send({ type: "file.change", field: imageSpec.name, file })}
            />
          </>
        )}
      </FormDialog>
    </>
  )
}
