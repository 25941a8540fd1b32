import { assign, fromPromise, setup } from "xstate"
import * as authApi from "../api/auth.api.ts"
import { isApiError } from "../api/api-error.ts"
import type { LoginAnswer } from "../api/contract/user.ts"

export type Tone = "success" | "error"
export interface Message {
  text: string
  tone: Tone
}

export interface LoginContext {
  email: string
  password: string
  remember: boolean
  showPassword: boolean
  resetEmail: string
  message: Message | null
}

export type LoginEvent =
  | { type: "field.change"; field: "email" | "password" | "resetEmail"; value: string }
  | { type: "remember.toggle" }
  | { type: "password.toggleVisibility" }
  | { type: "login.submit" }
  | { type: "reset.open" }
  | { type: "reset.back" }
  | { type: "reset.submit" }

const RESET_SENT = "Password reset link sent successfully! Check your email."

/** Spec section 8: the reset-link answer decides the message by its status. */
export function resetLinkFailureMessage(error: unknown): string {
  if (!isApiError(error) || error.kind === "network") return "Error: Could not send reset link. Please try again later."
  if (error.status === 404) return "User does not exist."
  return `Error: ${error.statusText || error.message}`
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    signIn: fromPromise<LoginAnswer, { email: string; password: string }>(({ input }) => authApi.login(input.email, input.password)),
    sendResetLink: fromPromise<{ status: number }, { email: string }>(async ({ input }) => {
      await authApi.sendResetLink(input.email)
      return { status: 200 }
    }),
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === "field.change" ? { ...context, [event.field]: event.value } : context)),
    toggleRemember: assign({ remember: ({ context }) => !context.remember }),
    togglePasswordVisibility: assign({ showPassword: ({ context }) => !context.showPassword }),
    clearMessage: assign({ message: null }),
    requireBoth: assign({ message: { text: "Email and password are required.", tone: "error" as Tone } }),
    /** Provided by the app: hand the session to the auth actor. */
    signedIn: (_, _params: { answer: LoginAnswer; remember: boolean }) => {},
    /** Provided by the app. */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    hasCredentials: ({ context }) => context.email.trim() !== "" && context.password.trim() !== "",
    hasResetEmail: ({ context }) => context.resetEmail.trim() !== "",
  },
}).createMachine({
  id: "login",
  context: { email: "", password: "", remember: false, showPassword: false, resetEmail: "", message: null },
  initial: "login",
  on: {
    "field.change": { actions: "setField" },
  },
  states: {
    login: {
      description: "Login mode: email, password with show/hide, Remember Me, Forgot Password link.",
      initial: "editing",
      on: {
        "reset.open": { target: "reset", actions: "clearMessage" },
      },
      states: {
        editing: {
          description: "Waiting for the Login button; trimmed email and password must both be filled.",
          on: {
            "remember.toggle": { actions: "toggleRemember" },
            "password.toggleVisibility": { actions: "togglePasswordVisibility" },
            "login.submit": [
              { guard: "hasCredentials", target: "submitting", actions: "clearMessage" },
              { actions: "requireBoth" },
            ],
          },
        },
        submitting: {
          description: "The Login button is disabled and shows a submitting label.",
          tags: ["busy"],
          invoke: {
            src: "signIn",
            input: ({ context }) => ({ email: context.email.trim(), password: context.password.trim() }),
            onDone: {
              target: "signedIn",
              actions: [
                assign({ message: ({ event }) => ({ text: event.output.message || "Login successful!", tone: "success" as Tone }) }),
                { type: "signedIn", params: ({ event, context }) => ({ answer: event.output, remember: context.remember }) },
                { type: "navigate", params: { to: "/" } },
              ],
            },
            onError: {
              target: "editing",
              actions: assign({
                message: ({ event }) => ({
                  text:
                    isApiError(event.error) && event.error.kind === "decode"
                      ? "Login failed. Invalid response data."
                      : isApiError(event.error) && event.error.kind === "http"
                        ? event.error.message || "Login failed."
                        : "Login failed.",
                  tone: "error" as Tone,
                }),
              }),
            },
          },
        },
        signedIn: { description: "Signed in; the console moves to '/'.", type: "final" },
      },
    },
    reset: {
      description: "Reset mode: one email field, Reset Password button, Back to Login link.",
      initial: "editing",
      on: {
        "reset.back": { target: "login", actions: "clearMessage" },
      },
      states: {
        editing: {
          description: "Waiting for the Reset Password button.",
          on: {
            "reset.submit": { guard: "hasResetEmail", target: "sending", actions: "clearMessage" },
          },
        },
        sending: {
          description: "The button is disabled and reads 'Sending...'.",
          tags: ["busy"],
          invoke: {
            src: "sendResetLink",
            input: ({ context }) => ({ email: context.resetEmail.trim() }),
            onDone: {
              target: "editing",
              actions: assign({
                message: ({ event }) =>
                  event.output.status === 200
                    ? { text: RESET_SENT, tone: "success" as Tone }
                    : { text: "Failed to send reset link. Please try again.", tone: "error" as Tone },
              }),
            },
            onError: {
              target: "editing",
              actions: assign({ message: ({ event }) => ({ text: resetLinkFailureMessage(event.error), tone: "error" as Tone }) }),
            },
          },
        },
      },
    },
  },
})
