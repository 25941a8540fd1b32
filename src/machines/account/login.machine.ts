import { and, assign, fromPromise, setup } from "xstate"
import * as authApi from "../../api/account/auth.api.ts"
import { isApiError } from "../../api/api-error.ts"
import { Email } from "../../api/contract/common.ts"
import { isTwoFactorChallenge, type LoginAnswer, type LoginOrChallengeAnswer } from "../../api/contract/account/user.ts"
import { hasErrors, refusalOf, type FieldSpec, type FormErrors } from "../form/field-spec.ts"

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
  /** The second sign-in step: the code typed, and the challenge the password earned (never stored). */
  code: string
  challengeToken: string | null
  message: Message | null
  /** What is wrong with a field, next to it (the form primitive's rules, see form/field-spec.ts). */
  errors: FormErrors
  /** The field to focus after a refused submit; `seq` flips so a repeat refocuses. */
  focus: { field: string; seq: number } | null
}

export type LoginEvent =
  | { type: "field.change"; field: "email" | "password" | "resetEmail" | "code"; value: string }
  | { type: "remember.toggle" }
  | { type: "password.toggleVisibility" }
  | { type: "login.submit" }
  | { type: "reset.open" }
  | { type: "reset.back" }
  | { type: "reset.submit" }
  | { type: "code.submit" }
  | { type: "code.back" }

export const INVALID_EMAIL = "Please enter a valid email address."
const RESET_SENT = "Password reset link sent successfully! Check your email."
const CODE_NEEDED = "Enter the 6-digit code from your authenticator app, or a recovery code."

/** Six digits, or a recovery code (`xxxxx-xxxxx`, 10 characters without the dash). */
const isCode = (text: string) => /^\d{6}$/.test(text.replace(/\s/g, "")) || text.replace(/[\s-]/g, "").length === 10

/** The three small forms of the sign-in screen, with the same field rules as every other form. */
export const loginFields: readonly FieldSpec[] = [
  { name: "email", label: "Email", kind: "email", schema: Email, autoComplete: "username" },
  // Spec section 5: the password is trimmed too.
  { name: "password", label: "Password", kind: "password", trim: true, autoComplete: "current-password" },
]
export const resetLinkFields: readonly FieldSpec[] = [{ name: "resetEmail", label: "Email", kind: "email", schema: Email, autoComplete: "email" }]
export const codeFields: readonly FieldSpec[] = [
  {
    name: "code",
    label: "Authentication code",
    kind: "text",
    requiredText: CODE_NEEDED,
    autoComplete: "one-time-code",
    hint: "The 6-digit code from your authenticator app, or one of your recovery codes.",
    check: (text) => (isCode(text) ? null : CODE_NEEDED),
  },
]

const valuesOf = (context: LoginContext) => ({ email: context.email, password: context.password, resetEmail: context.resetEmail, code: context.code })
const problemsOf = (fields: readonly FieldSpec[], context: LoginContext): FormErrors => refusalOf(fields, valuesOf(context), null).errors

/** Shows each field's problem next to it and focuses the first. */
const refuse = (fields: readonly FieldSpec[], context: LoginContext, message: Message | null) => ({
  ...refusalOf(fields, valuesOf(context), context.focus),
  message,
})

/** Where a finished sign-in goes: an Admin who must set up two-factor sees only that screen. */
export const landingOf = (answer: LoginAnswer): string => (answer.data.twoFactorSetupRequired ? "/two-factor" : "/")

function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === "decode") return `${fallback} Invalid response data.`
  if (isApiError(error) && (error.kind === "http" || error.status === 429)) return error.message || fallback
  return fallback
}

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
    signIn: fromPromise<LoginOrChallengeAnswer, { email: string; password: string }>(({ input }) => authApi.login(input.email, input.password)),
    verifyCode: fromPromise<LoginAnswer, { challengeToken: string; code: string }>(({ input }) => authApi.loginTwoFactor(input.challengeToken, input.code)),
    sendResetLink: fromPromise<{ status: number }, { email: string }>(async ({ input }) => {
      await authApi.sendResetLink(input.email)
      return { status: 200 }
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== "field.change" || !event.field) return context
      const { [event.field]: _stale, ...errors } = context.errors
      return { ...context, [event.field]: event.value ?? "", errors }
    }),
    toggleRemember: assign({ remember: ({ context }) => !context.remember }),
    togglePasswordVisibility: assign({ showPassword: ({ context }) => !context.showPassword }),
    clearMessage: assign({ message: null, errors: {} }),
    requireBoth: assign(({ context }) => refuse(loginFields, context, { text: "Email and password are required.", tone: "error" as Tone })),
    refuseEmail: assign(({ context }) => refuse(loginFields, context, null)),
    refuseResetEmail: assign(({ context }) => refuse(resetLinkFields, context, null)),
    refuseCode: assign(({ context }) => refuse(codeFields, context, null)),
    /** Provided by the app: hand the session to the auth actor. */
    signedIn: (_, _params: { answer: LoginAnswer; remember: boolean }) => {},
    /** Provided by the app. */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    hasCredentials: ({ context }) => context.email.trim() !== "" && context.password.trim() !== "",
    hasResetEmail: ({ context }) => !hasErrors(problemsOf(resetLinkFields, context)),
    emailLooksWrong: ({ context }) => hasErrors(problemsOf(loginFields, context)),
    needsCode: (_, params: { answer: LoginOrChallengeAnswer }) => isTwoFactorChallenge(params.answer),
    hasCode: ({ context }) => !hasErrors(problemsOf(codeFields, context)),
  },
}).createMachine({
  id: "login",
  context: {
    email: "",
    password: "",
    remember: false,
    showPassword: false,
    resetEmail: "",
    code: "",
    challengeToken: null,
    message: null,
    errors: {},
    focus: null,
  },
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
          description: "Waiting for the Login button; trimmed email and password must both be filled, and the email look like one, before any call.",
          on: {
            "remember.toggle": { actions: "toggleRemember" },
            "password.toggleVisibility": { actions: "togglePasswordVisibility" },
            "login.submit": [
              { guard: and(["hasCredentials", "emailLooksWrong"]), actions: "refuseEmail" },
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
            onDone: [
              {
                guard: { type: "needsCode", params: ({ event }) => ({ answer: event.output }) },
                target: "#login.code",
                actions: assign({
                  challengeToken: ({ event }) => (isTwoFactorChallenge(event.output) ? event.output.data.challengeToken : null),
                  code: "",
                  message: null,
                }),
              },
              {
                target: "signedIn",
                actions: [
                  assign({ message: ({ event }) => ({ text: event.output.message || "Login successful!", tone: "success" as Tone }) }),
                  { type: "signedIn", params: ({ event, context }) => ({ answer: event.output as LoginAnswer, remember: context.remember }) },
                  { type: "navigate", params: ({ event }) => ({ to: landingOf(event.output as LoginAnswer) }) },
                ],
              },
            ],
            onError: {
              target: "editing",
              actions: assign({ message: ({ event }) => ({ text: failureText(event.error, "Login failed."), tone: "error" as Tone }) }),
            },
          },
        },
        signedIn: { description: "Signed in; the console moves to '/'.", type: "final" },
      },
    },
    code: {
      description: "Two-factor step: one code field (numeric keyboard, focused), Verify button, Back to Login link.",
      initial: "editing",
      on: {
        "code.back": { target: "login", actions: assign({ code: "", challengeToken: null, password: "", message: null, errors: {} }) },
      },
      states: {
        editing: {
          description: "Waiting for a 6-digit code or a recovery code.",
          on: {
            "code.submit": [{ guard: "hasCode", target: "verifying", actions: "clearMessage" }, { actions: "refuseCode" }],
          },
        },
        verifying: {
          description: "POST /user/login/two-factor; the Verify button is disabled. Wrong codes count in the login limiter.",
          tags: ["busy"],
          invoke: {
            src: "verifyCode",
            input: ({ context }) => ({ challengeToken: context.challengeToken ?? "", code: context.code.trim() }),
            onDone: {
              target: "#login.login.signedIn",
              actions: [
                assign({
                  message: ({ event }) => ({ text: event.output.message || "Login successful!", tone: "success" as Tone }),
                  challengeToken: null,
                  code: "",
                }),
                { type: "signedIn", params: ({ event, context }) => ({ answer: event.output, remember: context.remember }) },
                { type: "navigate", params: ({ event }) => ({ to: landingOf(event.output) }) },
              ],
            },
            onError: {
              target: "editing",
              actions: assign({ code: "", message: ({ event }) => ({ text: failureText(event.error, "Verification failed."), tone: "error" as Tone }) }),
            },
          },
        },
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
            "reset.submit": [{ guard: "hasResetEmail", target: "sending", actions: "clearMessage" }, { actions: "refuseResetEmail" }],
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
