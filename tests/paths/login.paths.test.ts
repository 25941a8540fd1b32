import { ApiError } from "../../src/api/api-error.ts"
import { loginMachine } from "../../src/machines/account/login.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const user = { _id: "u1", name: "Leela Lawyer", email: "lawyer@demo.test", role: "Lawyer" as const, organizationId: null }

describeMachinePaths("login", {
  machine: loginMachine.provide({ actions: { signedIn: () => {}, navigate: () => {} } }),
  events: [
    { type: "field.change", field: "email", value: "lawyer@demo.test" },
    { type: "field.change", field: "email", value: "lawyer-at-demo.test" },
    { type: "field.change", field: "password", value: "Demo@12345" },
    { type: "field.change", field: "resetEmail", value: "lawyer@demo.test" },
    { type: "remember.toggle" },
    { type: "password.toggleVisibility" },
    { type: "login.submit" },
    { type: "reset.open" },
    { type: "reset.back" },
    { type: "reset.submit" },
    { type: "signIn.done", output: { data: { accessToken: "a", refreshToken: "r", user }, message: "Login successful!" } },
    {
      type: "signIn.done",
      output: { data: { twoFactorRequired: true, challengeToken: "challenge" }, message: "Enter the 6-digit code from your authenticator app." },
    },
    { type: "field.change", field: "code", value: "123456" },
    { type: "field.change", field: "code", value: "12" },
    { type: "code.submit" },
    { type: "code.back" },
    { type: "verifyCode.done", output: { data: { accessToken: "a", refreshToken: "r", user, twoFactorSetupRequired: true }, message: "Set it up." } },
    { type: "verifyCode.error", error: new ApiError("http", 401, "Unauthorized", "Invalid code.") },
    { type: "signIn.error", error: new ApiError("http", 401, "Unauthorized", "Invalid email or password.") },
    { type: "sendResetLink.done", output: { status: 200 } },
    { type: "sendResetLink.error", error: new ApiError("http", 404, "Not Found", "User does not exist") },
  ],
})
