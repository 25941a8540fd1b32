import * as authApi from "../../api/account/auth.api.ts"
import { messageOf } from "../../api/api-error.ts"
import { Password, UpdatePasswordRequest, type RenewedSessionAnswer } from "../../api/contract/account/user.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import * as authCalls from "../../api/contract/account/auth.endpoints.ts"

/** Spec section 4: the password-change success message closes after 5 seconds. */
export const PASSWORD_SUCCESS_MS = 5000
export const SAME_PASSWORD_TEXT = "New Password must be different from the Current Password."
/** Shown under 'Password updated successfully.': the change ended every other session, not this one. */
export const OTHER_DEVICES_NOTE = "You are still signed in here; every other device was signed out."
export const PASSWORDS_DIFFER_TEXT = "New password and Confirm password do not match."

/** Current, New and Confirm New Password, each with a show/hide toggle; all three required (spec section 5). */
export const updatePasswordFields: readonly FieldSpec[] = [
  { name: "oldPassword", label: "Current Password", kind: "password", autoComplete: "current-password", schema: UpdatePasswordRequest.fields.oldPassword },
  {
    name: "newPassword",
    label: "New Password",
    kind: "password",
    autoComplete: "new-password",
    schema: Password,
    check: (text, values) => (text === values["oldPassword"] ? SAME_PASSWORD_TEXT : null),
  },
  {
    name: "confirmPassword",
    label: "Confirm New Password",
    kind: "password",
    autoComplete: "new-password",
    check: (text, values) => (text === values["newPassword"] ? null : PASSWORDS_DIFFER_TEXT),
  },
]

/**
 * The Update Password panel. Success shows the server's message (or 'Password updated successfully.')
 * with a note that every other device was signed out, for 5 seconds; this tab goes on with the
 * session the answer carries (`submitted`), then the panel closes (`finished`).
 */
export const updatePasswordMachine = createFormMachine<RenewedSessionAnswer>({
  id: "updatePassword",
  call: authCalls.updateCurrentPassword,
  fields: updatePasswordFields,
  initialExtra: null,
  missingMessage: "All fields are required.",
  submit: ({ values }) => authApi.updatePassword(values["oldPassword"] ?? "", values["newPassword"] ?? ""),
  succeeded: (answer) => ({ message: { text: answer.message || "Password updated successfully.", tone: "success" }, detail: OTHER_DEVICES_NOTE }),
  failed: (error, onField) => ({ message: onField ? null : { text: messageOf(error, "Failed to update password"), tone: "error" } }),
  clearOnSuccess: true,
  after: { ms: PASSWORD_SUCCESS_MS, then: "reset" },
})
