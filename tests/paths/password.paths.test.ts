import { ApiError } from "../../src/api/api-error.ts"
import { resetPasswordMachine } from "../../src/machines/account/reset-password.machine.ts"
import { signOutOthersMachine } from "../../src/machines/account/sign-out-others.machine.ts"
import { updatePasswordMachine } from "../../src/machines/account/update-password.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const user = { _id: "u1", name: "Lena Lawyer", email: "lawyer@demo.test", role: "Lawyer" as const, organizationId: null }
const renewed = { accessToken: "new-access", refreshToken: "new-refresh", user }
const failure = new ApiError("http", 400, "Bad Request", "This reset link is invalid or has expired.")

describeMachinePaths("reset password", {
  machine: resetPasswordMachine.provide({ actions: { finished: () => {} } }),
  input: { extra: { token: "t0k3n" } },
  events: [
    { type: "field.change", field: "password", value: "NewPass@1" },
    { type: "field.change", field: "confirmPassword", value: "NewPass@1" },
    { type: "field.change", field: "confirmPassword", value: "Other@123" },
    { type: "visibility.toggle", field: "password" },
    { type: "visibility.toggle", field: "confirmPassword" },
    { type: "form.submit" },
    { type: "form.reset" },
    { type: "submit.done", output: { message: "Password reset successfully." } },
    { type: "submit.error", error: failure },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("update password", {
  machine: updatePasswordMachine.provide({ actions: { finished: () => {}, submitted: () => {} } }),
  events: [
    { type: "field.change", field: "oldPassword", value: "Demo@12345" },
    { type: "field.change", field: "newPassword", value: "Next@12345" },
    { type: "field.change", field: "newPassword", value: "Demo@12345" },
    { type: "field.change", field: "confirmPassword", value: "Next@12345" },
    { type: "field.change", field: "confirmPassword", value: "Else@12345" },
    { type: "visibility.toggle", field: "oldPassword" },
    { type: "form.submit" },
    { type: "form.reset" },
    { type: "submit.done", output: { success: true, message: "Password updated successfully.", data: renewed } },
    { type: "submit.error", error: new ApiError("http", 400, "Bad Request", "oldPassword: Current password is incorrect.") },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("sign out of other devices", {
  machine: signOutOthersMachine.provide({ actions: { renewSession: () => {}, notify: () => {} } }),
  events: [
    { type: "signOutOthers.request" },
    { type: "signOutOthers.confirm" },
    { type: "signOutOthers.cancel" },
    { type: "signOutOthers.done", output: { success: true, message: "You were signed out of every other device.", data: renewed } },
    { type: "signOutOthers.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
  ],
})
