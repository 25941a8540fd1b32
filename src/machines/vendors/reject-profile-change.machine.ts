import { RejectProfileChangeRequest, type ProfileChangeDecisionAnswer } from "../../api/contract/vendors/profile-change.ts"
import { rejectProfileChange } from "../../api/contract/vendors/profile-change.endpoints.ts"
import * as changeApi from "../../api/vendors/profile-change.api.ts"
import { saveFailure } from "../counselling/session-form.ts"
import { createFormMachine } from "../form/form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"

export const rejectReasonField: FieldSpec = {
  name: "reason",
  label: "Reason",
  kind: "textarea",
  schema: RejectProfileChangeRequest.fields.reason,
  hint: "The vendor receives it by email.",
}

/** Whose change: the vendor on the Vendor Details page. */
export interface RejectTarget {
  vendorId: string
}

/**
 * Reject a vendor's profile change (issue 26, Admin): a reason is required, since the vendor is mailed it;
 * the approved values stay. The dialog closes a second after the answer.
 */
export const rejectProfileChangeMachine = createFormMachine<ProfileChangeDecisionAnswer, RejectTarget>({
  id: "rejectProfileChange",
  modal: true,
  fields: [rejectReasonField],
  initialExtra: null,
  fromItem: (target) => ({ itemId: target.vendorId, values: { reason: "" } }),
  call: rejectProfileChange,
  submit: ({ values, itemId }) => changeApi.rejectProfileChange(itemId ?? "", values["reason"] ?? ""),
  succeeded: (output) => ({ message: { text: output.message, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "The changes could not be rejected.") }),
  after: { ms: 1000, then: "close" },
})
