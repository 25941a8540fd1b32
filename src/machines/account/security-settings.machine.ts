import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as twoFactorCalls from "../../api/contract/account/two-factor.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import type { SecuritySettings } from "../../api/contract/account/two-factor.ts"
import * as twoFactorApi from "../../api/account/two-factor.api.ts"
import type { Message, Tone } from "./login.machine.ts"

export interface SecuritySettingsContext {
  settings: SecuritySettings | null
  message: Message | null
}

export type SecuritySettingsEvent = { type: "requireAdminTwoFactor.set"; value: boolean } | { type: "retry" }

/** The Admin's "Require two-factor for Admin accounts" switch: read, then saved on every change. */
export const securitySettingsMachine = setup({
  types: { context: {} as SecuritySettingsContext, events: {} as SecuritySettingsEvent },
  actors: {
    load: fromCall<SecuritySettings>(twoFactorCalls.getSecuritySettings, () => twoFactorApi.getSecuritySettings()),
    save: fromCall<SecuritySettings, { requireAdminTwoFactor: boolean }>(twoFactorCalls.updateSecuritySettings, ({ input }) =>
      twoFactorApi.updateSecuritySettings(input.requireAdminTwoFactor),
    ),
  },
}).createMachine({
  id: "securitySettings",
  context: { settings: null, message: null },
  initial: "loading",
  states: {
    loading: {
      description: "GET /settings/security.",
      tags: ["busy"],
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign({ settings: ({ event }) => event.output }) },
        onError: {
          target: "failed",
          actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, "Could not load the security settings."), tone: "error" as Tone }) }),
        },
      },
    },
    failed: {
      description: "The settings could not be read; Retry.",
      on: { retry: { target: "loading", actions: assign({ message: null }) } },
    },
    ready: {
      description: "The switch shows the saved value; changing it saves at once.",
      on: { "requireAdminTwoFactor.set": { target: "saving", actions: assign({ message: null }) } },
    },
    saving: {
      description: "PUT /settings/security; the switch is read-only meanwhile.",
      tags: ["busy"],
      invoke: {
        src: "save",
        input: ({ event }) => ({ requireAdminTwoFactor: event.type === "requireAdminTwoFactor.set" ? event.value : false }),
        onDone: {
          target: "ready",
          actions: assign({
            settings: ({ event }) => event.output,
            message: ({ event }) => ({
              text: event.output.requireAdminTwoFactor
                ? "Two-factor sign-in is now required for Admin accounts."
                : "Two-factor sign-in is no longer required for Admin accounts.",
              tone: "success" as Tone,
            }),
          }),
        },
        onError: {
          target: "ready",
          actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, "Could not save the setting."), tone: "error" as Tone }) }),
        },
      },
    },
  },
})
