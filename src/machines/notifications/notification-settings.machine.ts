import { assign, setup } from "xstate"
import * as calls from "../../api/contract/notifications/notification.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import { PREFERENCES_SAVED, type NotificationKind, type NotificationPreference, type PreferencesAnswer } from "../../api/contract/notifications/notification.ts"
import * as notificationApi from "../../api/notifications/notification.api.ts"

export const SETTINGS_FAILED = "Could not load your notification settings."
export const SETTINGS_SAVE_FAILED = "Could not save the setting. Please try again."

export interface NotificationSettingsContext {
  preferences: NotificationPreference[]
  /** The kind whose switch is being saved. */
  saving: { kind: NotificationKind; mail: boolean } | null
  error: string | null
  notice: string | null
}

export type NotificationSettingsEvent = { type: "mail.set"; kind: NotificationKind; mail: boolean } | { type: "retry" }

/**
 * Notification settings (issue 23): every kind the person can receive, each always shown in the
 * console, with a switch for its email where it can be switched off. A switch saves at once
 * (PATCH /notifications/preferences); a refusal puts it back and says why.
 */
export const notificationSettingsMachine = setup({
  types: { context: {} as NotificationSettingsContext, events: {} as NotificationSettingsEvent },
  actors: {
    fetchPreferences: fromCall<PreferencesAnswer, void>(calls.getNotificationPreferences, () => notificationApi.getNotificationPreferences()),
    savePreference: fromCall<PreferencesAnswer, { kind: NotificationKind; mail: boolean }>(calls.updateNotificationPreferences, ({ input }) =>
      notificationApi.updateNotificationPreferences([input]),
    ),
  },
}).createMachine({
  id: "notificationSettings",
  context: { preferences: [], saving: null, error: null, notice: null },
  initial: "loading",
  states: {
    loading: {
      description: "GET /notifications/preferences: 'Loading notification settings...'.",
      tags: ["busy"],
      invoke: {
        src: "fetchPreferences",
        onDone: { target: "ready", actions: assign({ preferences: ({ event }) => [...event.output.data], error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, SETTINGS_FAILED) }) },
      },
    },
    failed: {
      description: "The settings could not be read; Try again.",
      on: { retry: { target: "loading" } },
    },
    ready: {
      description: "Each kind shows with its email switch (disabled where the email is always sent).",
      on: {
        "mail.set": {
          guard: ({ context, event }) => context.preferences.some((p) => p.kind === event.kind && p.mailOptional && p.mail !== event.mail),
          target: "saving",
          actions: assign(({ context, event }) => ({
            saving: { kind: event.kind, mail: event.mail },
            // The switch moves at once; a refusal moves it back.
            preferences: context.preferences.map((p) => (p.kind === event.kind ? { ...p, mail: event.mail } : p)),
            error: null,
            notice: null,
          })),
        },
      },
    },
    saving: {
      description: "PATCH /notifications/preferences with the one switch; the others wait.",
      tags: ["busy"],
      invoke: {
        src: "savePreference",
        input: ({ context }) => context.saving!,
        onDone: { target: "ready", actions: assign({ preferences: ({ event }) => [...event.output.data], saving: null, notice: PREFERENCES_SAVED }) },
        onError: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            preferences: context.preferences.map((p) => (p.kind === context.saving?.kind ? { ...p, mail: !context.saving.mail } : p)),
            saving: null,
            error: messageOf(event.error, SETTINGS_SAVE_FAILED),
          })),
        },
      },
    },
  },
})
