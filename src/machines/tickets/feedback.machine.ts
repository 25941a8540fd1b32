import { FeedbackRequest, RATING_MAX, RATING_MIN, type TicketAnswer } from "../../api/contract/tickets/ticket.ts"
import * as ticketApi from "../../api/tickets/ticket.api.ts"
import { giveFeedback } from "../../api/contract/tickets/ticket.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import { MODAL_CLOSE_MS } from "./raise-ticket.machine.ts"

export const FEEDBACK_SUBMITTED = "Feedback submitted successfully!"
export const FEEDBACK_FAILED = "Failed to submit feedback"

const stars = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => String(RATING_MIN + i))

export const feedbackFields: readonly FieldSpec[] = [
  // Stars are clicked, so the value is one of '1'…'5'; the contract's rule is checked on the number sent.
  {
    name: "rating",
    label: "Rating",
    kind: "rating",
    options: stars,
    schema: FeedbackRequest.fields.rating,
    toValue: Number,
    requiredText: "Please select a rating.",
  },
  { name: "remark", label: "Remark", kind: "textarea", schema: FeedbackRequest.fields.remark, requiredText: "Please enter a remark." },
]

/** The feedback modal of a closed ticket: a rating of 1 to 5 by star click and a remark, both required. */
export const feedbackMachine = createFormMachine<TicketAnswer, never, { ticketId: string }>({
  id: "feedback",
  modal: true,
  fields: feedbackFields,
  initialExtra: { ticketId: "" },
  call: giveFeedback,
  submit: ({ values, extra }) => ticketApi.giveFeedback({ rating: Number(values["rating"]), remark: values["remark"] ?? "", ticketId: extra.ticketId }),
  succeeded: () => ({ message: { text: FEEDBACK_SUBMITTED, tone: "success" } }),
  failed: (error) => ({ message: { text: FEEDBACK_FAILED, tone: "error" }, detail: messageOf(error, "") || null }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})
