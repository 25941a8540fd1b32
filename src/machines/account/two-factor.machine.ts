import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as twoFactorCalls from "../../api/contract/account/two-factor.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import type { TwoFactorSetup, TwoFactorStatus } from "../../api/contract/account/two-factor.ts"
import * as twoFactorApi from "../../api/account/two-factor.api.ts"
import type { Message, Tone } from "./login.machine.ts"
import { hasErrors, refusalOf, type FieldSpec, type FormErrors } from "../form/field-spec.ts"

export interface TwoFactorContext {
  status: TwoFactorStatus | null
  setup: TwoFactorSetup | null
  code: string
  password: string
  /** Shown once, right after enrolment, then forgotten. */
  recoveryCodes: string[]
  message: Message | null
  /** What is wrong with a field, next to it (the form primitive's rules, see form/field-spec.ts). */
  errors: FormErrors
  /** The field to focus after a refused submit; `seq` flips so a repeat refocuses. */
  focus: { field: string; seq: number } | null
  /**
   * Required of this Admin and not yet on: the session may only enrol, so after the recovery codes
   * the Admin signs in again, with a code.
   */
  mustSignInAgain: boolean
}

export type TwoFactorEvent =
  | { type: "field.change"; field: "code" | "password"; value: string }
  | { type: "setup.start" }
  | { type: "enrol.submit" }
  | { type: "enrol.cancel" }
  | { type: "codes.acknowledge" }
  | { type: "disable.open" }
  | { type: "disable.submit" }
  | { type: "disable.cancel" }
  | { type: "retry" }

const error = (text: string) => ({ text, tone: "error" as Tone })
const FAILED = "Something went wrong. Please try again."
const SIX_DIGITS = "Enter the 6-digit code your authenticator app shows."

const sixDigits = (text: string) => (/^\d{6}$/.test(text) ? null : SIX_DIGITS)

/** Turning it on: the first code the app shows. */
export const enrolFields: readonly FieldSpec[] = [
  { name: "code", label: "2. Enter the 6-digit code the app shows", kind: "text", requiredText: SIX_DIGITS, check: sixDigits, autoComplete: "one-time-code" },
]
/** Turning it off: the password and a current code. */
export const disableFields: readonly FieldSpec[] = [
  { name: "password", label: "Password", kind: "password", requiredText: "Enter your password.", autoComplete: "current-password" },
  { name: "code", label: "Current 6-digit code", kind: "text", requiredText: SIX_DIGITS, check: sixDigits, autoComplete: "one-time-code" },
]

const valuesOf = (context: TwoFactorContext) => ({ code: context.code, password: context.password })
const problemsOf = (fields: readonly FieldSpec[], context: TwoFactorContext): FormErrors => refusalOf(fields, valuesOf(context), null).errors

/** Each field's problem next to it, and the focus on the first. */
const refused = (fields: readonly FieldSpec[], context: TwoFactorContext) => ({ ...refusalOf(fields, valuesOf(context), context.focus), message: null })

/**
 * Two-factor sign-in on the account screens: set up (secret, otpauth URI and QR code, confirmed with a
 * first code), recovery codes shown once, and turning it off with the password and a current code.
 */
export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    loadStatus: fromCall<TwoFactorStatus>(twoFactorCalls.getTwoFactor, () => twoFactorApi.getTwoFactor()),
    startSetup: fromCall<TwoFactorSetup>(twoFactorCalls.startTwoFactor, () => twoFactorApi.startTwoFactor()),
    enable: fromCall<readonly string[], { code: string }>(twoFactorCalls.enableTwoFactor, ({ input }) => twoFactorApi.enableTwoFactor(input.code)),
    disable: fromCall<{ message: string }, { password: string; code: string }>(twoFactorCalls.disableTwoFactor, ({ input }) =>
      twoFactorApi.disableTwoFactor(input.password, input.code),
    ),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== "field.change" || !event.field) return context
      const { [event.field]: _stale, ...errors } = context.errors
      return { ...context, [event.field]: event.value ?? "", errors }
    }),
    clearForm: assign({ code: "", password: "", message: null, errors: {} }),
    refuseEnrol: assign(({ context }) => refused(enrolFields, context)),
    refuseDisable: assign(({ context }) => refused(disableFields, context)),
    /** Provided by the app: end the enrolment-only session so the Admin signs in with a code. */
    signInAgain: () => {},
  },
  guards: {
    isEnabled: (_, params: { status: TwoFactorStatus }) => params.status.enabled,
    hasSixDigits: ({ context }) => !hasErrors(problemsOf(enrolFields, context)),
    hasPasswordAndCode: ({ context }) => !hasErrors(problemsOf(disableFields, context)),
    mustSignInAgain: ({ context }) => context.mustSignInAgain,
  },
}).createMachine({
  id: "twoFactor",
  context: { status: null, setup: null, code: "", password: "", recoveryCodes: [], message: null, errors: {}, focus: null, mustSignInAgain: false },
  initial: "loading",
  on: { "field.change": { actions: "setField" } },
  states: {
    loading: {
      description: "GET /user/two-factor: whether it is on, recovery codes left, whether it is required.",
      tags: ["busy"],
      invoke: {
        src: "loadStatus",
        onDone: [
          {
            guard: { type: "isEnabled", params: ({ event }) => ({ status: event.output }) },
            target: "enabled",
            actions: assign({ status: ({ event }) => event.output }),
          },
          { target: "disabled", actions: assign({ status: ({ event }) => event.output, mustSignInAgain: ({ event }) => event.output.required }) },
        ],
        onError: { target: "failed", actions: assign({ message: ({ event }) => error(messageOf(event.error, FAILED)) }) },
      },
    },
    failed: {
      description: "The status could not be read; Retry.",
      on: { retry: { target: "loading", actions: assign({ message: null }) } },
    },
    disabled: {
      description: "Two-factor is off (required for an Admin when the Admin says so): Set up two-factor button.",
      on: { "setup.start": { target: "starting", actions: "clearForm" } },
    },
    starting: {
      description: "POST /user/two-factor/setup: a new secret, its otpauth URI and QR code.",
      tags: ["busy"],
      invoke: {
        src: "startSetup",
        onDone: { target: "enrolling", actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: "disabled", actions: assign({ message: ({ event }) => error(messageOf(event.error, FAILED)) }) },
      },
    },
    enrolling: {
      description: "QR code, secret and URI shown; the first 6-digit code confirms; Cancel leaves it off.",
      on: {
        "enrol.submit": [{ guard: "hasSixDigits", target: "confirming", actions: assign({ message: null, errors: {} }) }, { actions: "refuseEnrol" }],
        "enrol.cancel": { target: "disabled", actions: [assign({ setup: null }), "clearForm"] },
      },
    },
    confirming: {
      description: "POST /user/two-factor/enable with the code.",
      tags: ["busy"],
      invoke: {
        src: "enable",
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: {
          target: "showingCodes",
          actions: assign({
            recoveryCodes: ({ event }) => [...event.output],
            setup: null,
            code: "",
            message: { text: "Two-factor sign-in is on.", tone: "success" as Tone },
          }),
        },
        onError: { target: "enrolling", actions: assign({ code: "", message: ({ event }) => error(messageOf(event.error, FAILED)) }) },
      },
    },
    showingCodes: {
      description: "The recovery codes, shown once; 'I have saved them' continues (an enrolment-only session signs in again).",
      on: {
        "codes.acknowledge": [
          { guard: "mustSignInAgain", target: "signingInAgain", actions: [assign({ recoveryCodes: [] }), "signInAgain"] },
          { target: "loading", actions: assign({ recoveryCodes: [], message: null }) },
        ],
      },
    },
    signingInAgain: { description: "The enrolment-only session ends (the app goes to /login); the Admin signs in with the new code." },
    enabled: {
      description: "Two-factor is on: recovery codes left; Turn off (refused while required for Admins).",
      on: { "disable.open": { target: "disabling", actions: "clearForm" } },
    },
    disabling: {
      description: "Turning off: password and a current code.",
      initial: "editing",
      on: { "disable.cancel": { target: "enabled", actions: "clearForm" } },
      states: {
        editing: {
          description: "Waiting for the password and a 6-digit code.",
          on: {
            "disable.submit": [
              { guard: "hasPasswordAndCode", target: "submitting", actions: assign({ message: null, errors: {} }) },
              { actions: "refuseDisable" },
            ],
          },
        },
        submitting: {
          description: "POST /user/two-factor/disable.",
          tags: ["busy"],
          invoke: {
            src: "disable",
            input: ({ context }) => ({ password: context.password, code: context.code.trim() }),
            onDone: {
              target: "#twoFactor.loading",
              actions: assign({ code: "", password: "", message: ({ event }) => ({ text: event.output.message, tone: "success" as Tone }) }),
            },
            onError: { target: "editing", actions: assign({ code: "", message: ({ event }) => error(messageOf(event.error, FAILED)) }) },
          },
        },
      },
    },
  },
})
