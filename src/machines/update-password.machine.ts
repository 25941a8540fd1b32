import { assign, fromPromise, setup } from "xstate"
import * as authApi from "../api/auth.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { RenewedSessionAnswer } from "../api/contract/user.ts"
import type { Message, Tone } from "./login.machine.ts"

/** Spec section 4: the password-change success message closes after 5 seconds. */
export const PASSWORD_SUCCESS_MS = 5000
/** Shown under 'Password updated successfully.': the change ended every other session, not this one. */
export const SAME_PASSWORD_TEXT = "New Password must be different from the Current Password."
export const OTHER_DEVICES_NOTE = "You are still signed in here; every other device was signed out."

type Field = "oldPassword" | "newPassword" | "confirmPassword"

export interface UpdatePasswordContext {
  oldPassword: string
  newPassword: string
  confirmPassword: string
  visible: Record<Field, boolean>
  message: Message | null
  /** After a change: what happened to the other sessions. */
  note: string | null
}

export type UpdatePasswordEvent =
  | { type: "field.change"; field: Field; value: string }
  | { type: "visibility.toggle"; field: Field }
  | { type: "password.submit" }
  | { type: "panel.close" }

const empty = { oldPassword: "", newPassword: "", confirmPassword: "" }

export const updatePasswordMachine = setup({
  types: { context: {} as UpdatePasswordContext, events: {} as UpdatePasswordEvent },
  actors: {
    updatePassword: fromPromise<RenewedSessionAnswer, { oldPassword: string; newPassword: string }>(({ input }) =>
      authApi.updatePassword(input.oldPassword, input.newPassword),
    ),
  },
  actions: {
    /** Provided by the app: close the panel. */
    closePanel: () => {},
    /** Provided by the app: this tab goes on with the answer's session (the old tokens were revoked). */
    renewSession: (_, _session: RenewedSessionAnswer["data"]) => {},
  },
  guards: {
    isComplete: ({ context }) => context.oldPassword !== "" && context.newPassword !== "" && context.confirmPassword !== "",
    passwordsMatch: ({ context }) => context.newPassword === context.confirmPassword,
    sameAsCurrent: ({ context }) => context.newPassword === context.oldPassword,
  },
  delays: { successShown: PASSWORD_SUCCESS_MS },
}).createMachine({
  id: "updatePassword",
  context: { ...empty, visible: { oldPassword: false, newPassword: false, confirmPassword: false }, message: null, note: null },
  initial: "editing",
  on: {
    "panel.close": { target: ".editing", actions: [assign({ ...empty, message: null, note: null }), "closePanel"] },
  },
  states: {
    editing: {
      description: "Current, New and Confirm New Password, each with a show/hide toggle; all three required.",
      on: {
        "field.change": { actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })) },
        "visibility.toggle": {
          actions: assign({ visible: ({ context, event }) => ({ ...context.visible, [event.field]: !context.visible[event.field] }) }),
        },
        "password.submit": [
          { guard: { type: "isComplete" }, target: "checking" },
          { actions: assign({ message: { text: "All fields are required.", tone: "error" as Tone } }) },
        ],
      },
    },
    checking: {
      description: "New must differ from Current, and New and Confirm must match, before any call.",
      always: [
        { guard: "sameAsCurrent", target: "editing", actions: assign({ message: { text: SAME_PASSWORD_TEXT, tone: "error" as Tone } }) },
        { guard: "passwordsMatch", target: "updating" },
        { target: "editing", actions: assign({ message: { text: "New password and Confirm password do not match.", tone: "error" as Tone } }) },
      ],
    },
    updating: {
      description: "The Update button reads 'Updating...' and is disabled.",
      tags: ["busy"],
      entry: assign({ message: null }),
      invoke: {
        src: "updatePassword",
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword }),
        onDone: {
          target: "succeeded",
          actions: [
            { type: "renewSession", params: ({ event }) => event.output.data },
            assign({
              ...empty,
              message: ({ event }) => ({ text: event.output.message || "Password updated successfully.", tone: "success" as Tone }),
              note: OTHER_DEVICES_NOTE,
            }),
          ],
        },
        onError: {
          target: "editing",
          actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, "Failed to update password"), tone: "error" as Tone }) }),
        },
      },
    },
    succeeded: {
      description: "The success message shows for 5 seconds, with a note that every other device was signed out, then the panel closes.",
      after: { successShown: { target: "editing", actions: [assign({ message: null, note: null }), "closePanel"] } },
    },
  },
})
