import { assign, fromPromise, setup } from "xstate"
import * as authApi from "../api/auth.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { Message, Tone } from "./login.machine.ts"

/** Spec section 9: redirect 1 s after a successful reset. */
export const RESET_REDIRECT_MS = 1000

export interface ResetPasswordContext {
  token: string
  password: string
  confirmPassword: string
  showPassword: boolean
  showConfirm: boolean
  message: Message | null
}

export type ResetPasswordEvent =
  | { type: "field.change"; field: "password" | "confirmPassword"; value: string }
  | { type: "visibility.toggle"; field: "password" | "confirmPassword" }
  | { type: "reset.submit" }

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string },
  },
  actors: {
    resetPassword: fromPromise<{ message: string }, { token: string; password: string; confirmPassword: string }>(({ input }) =>
      authApi.resetPassword(input.token, input.password, input.confirmPassword),
    ),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isFilled: ({ context }) => context.password !== "" && context.confirmPassword !== "",
    passwordsMatch: ({ context }) => context.password === context.confirmPassword,
  },
  delays: { redirect: RESET_REDIRECT_MS },
}).createMachine({
  id: "resetPassword",
  context: ({ input }) => ({ token: input.token, password: "", confirmPassword: "", showPassword: false, showConfirm: false, message: null }),
  initial: "editing",
  states: {
    editing: {
      description: "New password and confirm password, each with a show/hide toggle.",
      on: {
        "field.change": { actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })) },
        "visibility.toggle": {
          actions: assign(({ context, event }) =>
            event.field === "password" ? { showPassword: !context.showPassword } : { showConfirm: !context.showConfirm },
          ),
        },
        "reset.submit": [
          { guard: { type: "isFilled" }, target: "checking" },
          { actions: assign({ message: { text: "Please fill in both password fields.", tone: "error" as Tone } }) },
        ],
      },
    },
    checking: {
      description: "The two passwords must match before any call.",
      always: [
        { guard: "passwordsMatch", target: "submitting" },
        { target: "editing", actions: assign({ message: { text: "Passwords do not match!", tone: "error" as Tone } }) },
      ],
    },
    submitting: {
      description: "The new password is being saved.",
      tags: ["busy"],
      entry: assign({ message: null }),
      invoke: {
        src: "resetPassword",
        input: ({ context }) => ({ token: context.token, password: context.password, confirmPassword: context.confirmPassword }),
        onDone: {
          target: "done",
          actions: assign({ message: ({ event }) => ({ text: event.output.message || "Password reset successfully.", tone: "success" as Tone }) }),
        },
        onError: {
          target: "editing",
          actions: assign({
            message: ({ event }) => ({ text: messageOf(event.error, "Failed to reset password. Please try again."), tone: "error" as Tone }),
          }),
        },
      },
    },
    done: {
      description: "Success is shown; after 1 second the console goes to /login.",
      after: { redirect: { target: "redirected", actions: { type: "navigate", params: { to: "/login" } } } },
    },
    redirected: { type: "final" },
  },
})
