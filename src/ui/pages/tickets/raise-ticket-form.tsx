import type { ActorRefFrom } from "xstate"
import { raiseTicketFields, raiseTicketFiles, type raiseTicketMachine } from "../../../machines/tickets/raise-ticket.machine.ts"
import { FileField } from "../../components/form/file-field.tsx"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormFields } from "../../components/form/form-fields.tsx"

const imageSpec = raiseTicketFiles[0]!

/** The Raise Ticket form in its dialog, open while its machine is (raise-ticket-dialog.tsx loads it on first need). */
export default function RaiseTicketForm({ actor }: { actor: ActorRefFrom<typeof raiseTicketMachine> }) {
  return (
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
  )
}
