import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { feedbackFields, type feedbackMachine } from "../../../machines/tickets/feedback.machine.ts"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import { StarRating } from "./star-rating.tsx"

const [ratingSpec, remarkSpec] = feedbackFields as [(typeof feedbackFields)[number], (typeof feedbackFields)[number]]

/** The feedback modal of a closed ticket: stars 1 to 5 and a remark, both required. */
export function FeedbackDialog({ actor }: { actor: ActorRefFrom<typeof feedbackMachine> }) {
  const ticketId = useSelector(actor, (s) => s.context.extra.ticketId)
  return (
    <FormDialog actor={actor} title={`Feedback for ${ticketId}`} submitLabel="Submit" busyLabel="Submitting...">
      {({ formId, context, disabled, send }) => (
        <>
          <FormField
            formId={formId}
            spec={ratingSpec}
            value={context.values["rating"] ?? ""}
            error={context.errors["rating"]}
            disabled={disabled}
            onChange={(value) => send({ type: "field.change", field: "rating", value })}
            renderControl={({ id }) => (
              <StarRating
                id={id}
                value={Number(context.values["rating"] || 0)}
                invalid={Boolean(context.errors["rating"])}
                disabled={disabled}
                onChange={(rating) => send({ type: "field.change", field: "rating", value: String(rating) })}
              />
            )}
          />
          <FormField
            formId={formId}
            spec={remarkSpec}
            value={context.values["remark"] ?? ""}
            error={context.errors["remark"]}
            disabled={disabled}
            onChange={(value) => send({ type: "field.change", field: "remark", value })}
          />
        </>
      )}
    </FormDialog>
  )
}
