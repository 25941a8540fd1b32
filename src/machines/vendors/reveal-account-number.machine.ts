import type { RevealAccountNumberAnswer } from "../../api/contract/vendors/vendor.ts"
import { RevealReason } from "../../api/contract/vendors/vendor.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import { revealAccountNumber } from "../../api/contract/vendors/vendors.endpoints.ts"
import { createFormMachine } from "../form/form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { saveFailure } from "../counselling/session-form.ts"

/** How long a revealed number stays on screen before the dialog closes and only the last 4 digits show again. */
export const REVEAL_SHOWN_MS = 60_000

export const revealReasonField: FieldSpec = {
  name: "reason",
  label: "Reason",
  kind: "textarea",
  schema: RevealReason,
  hint: "Kept in the access log with your name.",
}

/** Whose number: the person on the Vendor Details page. */
export interface RevealTarget {
  _id: string
}

/**
 * Reveal a bank account number (issue 26, Admin only): every answer shows its last 4 digits; the full
 * number comes after a reason, which the server records in the access log before it answers. The number
 * shows in the dialog's detail line for a minute, then the dialog closes.
 */
export const revealAccountNumberMachine = createFormMachine<RevealAccountNumberAnswer, RevealTarget>({
  id: "revealAccountNumber",
  modal: true,
  fields: [revealReasonField],
  initialExtra: null,
  fromItem: (person) => ({ itemId: person._id, values: { reason: "" } }),
  call: revealAccountNumber,
  submit: ({ values, itemId }) => vendorsApi.revealAccountNumber(itemId ?? "", values["reason"] ?? ""),
  succeeded: (output) => ({ message: { text: output.message, tone: "success" }, detail: `Account number: ${output.data.accountNumber}` }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "Failed to reveal the account number.") }),
  after: { ms: REVEAL_SHOWN_MS, then: "close" },
})
