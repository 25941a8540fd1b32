import * as authApi from "../../api/account/auth.api.ts"
import { messageOf } from "../../api/api-error.ts"
import { Password } from "../../api/contract/account/user.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import * as authCalls from "../../api/contract/account/auth.endpoints.ts"

/** Spec section 9: redirect 1 s after a successful reset. */
export const RESET_REDIRECT_MS = 1000
export const PASSWORDS_DIFFER = "Passwords do not match!"

export const resetPasswordFields: readonly FieldSpec[] = [
  { name: "password", label: "New Password", kind: "password", autoComplete: "new-password", schema: Password },
  {
    name: "confirmPassword",
    label: "Confirm Password",
    kind: "password",
    autoComplete: "new-password",
    check: (text, values) => (text === values["password"] ? null : PASSWORDS_DIFFER),
  },
]

/**
 * The page the emailed reset link opens: New and Confirm Password, each with a show/hide toggle. The
 * two must match before any call ('Passwords do not match!'); success shows the server's message and
 * 1 s later the console goes to /login (`finished`).
 */
export const resetPasswordMachine = createFormMachine<{ message: string }, never, { token: string }>({
  id: "resetPassword",
  call: authCalls.resetPassword,
  fields: resetPasswordFields,
  initialExtra: { token: "" },
  submit: ({ values, extra }) => authApi.resetPassword(extra.token, values["password"] ?? "", values["confirmPassword"] ?? ""),
  succeeded: (answer) => ({ message: { text: answer.message || "Password reset successfully.", tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : { text: messageOf(error, "Failed to reset password. Please try again."), tone: "error" } }),
  clearOnSuccess: true,
  after: { ms: RESET_REDIRECT_MS, then: "final" },
})
