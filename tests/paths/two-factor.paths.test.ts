import { ApiError } from "../../src/api/api-error.ts"
import { securitySettingsMachine } from "../../src/machines/account/security-settings.machine.ts"
import { twoFactorMachine } from "../../src/machines/account/two-factor.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const refused = new ApiError("http", 400, "Bad Request", "code: The code is not valid (or was already used). Enter the current 6-digit code.")
const setup = { secret: "JBSWY3DPEHPK3PXP", otpauthUri: "otpauth://totp/Console:a%40b.c?secret=JBSWY3DPEHPK3PXP", qrCodeDataUrl: "data:image/png;base64,AAAA" }

describeMachinePaths("two-factor", {
  machine: twoFactorMachine.provide({ actions: { signInAgain: () => {} } }),
  events: [
    { type: "loadStatus.done", output: { enabled: false, recoveryCodesLeft: 0, required: false } },
    { type: "loadStatus.done", output: { enabled: true, recoveryCodesLeft: 10, required: false } },
    { type: "loadStatus.done", output: { enabled: false, recoveryCodesLeft: 0, required: true } },
    { type: "loadStatus.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "retry" },
    { type: "setup.start" },
    { type: "startSetup.done", output: setup },
    { type: "startSetup.error", error: refused },
    { type: "field.change", field: "code", value: "123456" },
    { type: "field.change", field: "code", value: "12" },
    { type: "field.change", field: "password", value: "Demo@12345" },
    { type: "enrol.submit" },
    { type: "enrol.cancel" },
    { type: "enable.done", output: ["aaaaa-bbbbb", "ccccc-ddddd"] },
    { type: "enable.error", error: refused },
    { type: "codes.acknowledge" },
    { type: "disable.open" },
    { type: "disable.submit" },
    { type: "disable.cancel" },
    { type: "disable.done", output: { message: "Two-factor sign-in is off." } },
    { type: "disable.error", error: refused },
  ],
})

describeMachinePaths("security settings", {
  machine: securitySettingsMachine,
  events: [
    { type: "load.done", output: { requireAdminTwoFactor: false } },
    { type: "load.error", error: new ApiError("http", 403, "Forbidden", "You are not allowed to do this.") },
    { type: "retry" },
    { type: "requireAdminTwoFactor.set", value: true },
    { type: "requireAdminTwoFactor.set", value: false },
    { type: "save.done", output: { requireAdminTwoFactor: true } },
    { type: "save.done", output: { requireAdminTwoFactor: false } },
    { type: "save.error", error: new ApiError("http", 403, "Forbidden", "You are not allowed to do this.") },
  ],
})
