import { assign, fromPromise, setup } from "xstate"
import { toFormData } from "../api/client.ts"
import * as partnerApi from "../api/partner.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { PartnerSignupAnswer } from "../api/contract/partner.ts"
import type { Message, Tone } from "./login.machine.ts"

/** Every text field of the form with its label; the server's field names (contract PartnerSignupRequest). */
export const partnerFieldLabels = {
  role: "Role",
  name: "Full Name",
  email: "Email",
  number: "Phone Number",
  password: "Password",
  confirmPassword: "Confirm Password",
  address: "Address",
  city: "City",
  pinCode: "Pin Code",
  state: "State",
  language: "Languages",
  experience: "Experience",
  preferredContactMethod: "Preferred Contact Method",
  organizationName: "Organization / Business Name",
  qualifications: "Qualifications",
  briefBio: "Brief Bio",
  serviceDescription: "Service Description",
  registrationNumber: "Registration Number",
  certificationName: "Certification Name",
  issuingAuthority: "Issuing Authority",
  certificationNumber: "Certification Number",
  expirationDate: "Expiration Date",
  accountHolderName: "Account Holder Name",
  bankName: "Bank Name",
  ifscCode: "IFSC Code",
  accountNumber: "Account Number",
  certificationImg: "Certification Image",
} as const
export type PartnerField = Exclude<keyof typeof partnerFieldLabels, "certificationImg">

export const SIGNUP_FAILED = "Sign-up failed. Please try again."
export const PASSWORDS_DIFFER = "Passwords do not match!"
export const CERTIFICATE_REQUIRED = "Please attach your certification image (PNG or JPEG)."

/** A server refusal names the field ('pinCode: must be…'); the partner reads the field's label instead. */
export function withFieldLabel(message: string): string {
  const match = /^([A-Za-z]+):\s*(.*)$/.exec(message)
  const label = match ? (partnerFieldLabels as Record<string, string>)[match[1]!] : undefined
  return label ? `${label}: ${match![2]}` : message
}

const emptyForm = Object.fromEntries(Object.keys(partnerFieldLabels).filter((k) => k !== "certificationImg").map((k) => [k, ""])) as Record<PartnerField, string>

export interface PartnerSignupContext {
  fields: Record<PartnerField, string>
  certificate: File | null
  message: Message | null
}

export type PartnerSignupEvent =
  | { type: "field.change"; field: PartnerField; value: string }
  | { type: "certificate.change"; file: File | null }
  | { type: "signup.submit" }

/**
 * The public partner sign-up page: the form keeps every input on failure; the password pair must
 * match and the certificate be attached before the call; success creates an account Under Review.
 */
export const partnerSignupMachine = setup({
  types: { context: {} as PartnerSignupContext, events: {} as PartnerSignupEvent },
  actors: {
    signUp: fromPromise<PartnerSignupAnswer, { fields: Record<PartnerField, string>; certificate: File }>(({ input }) =>
      partnerApi.signUpPartner(toFormData({ ...input.fields, certificationImg: input.certificate })),
    ),
  },
  guards: {
    passwordsMatch: ({ context }) => context.fields.password === context.fields.confirmPassword,
    hasCertificate: ({ context }) => context.certificate !== null,
  },
}).createMachine({
  id: "partnerSignup",
  context: { fields: emptyForm, certificate: null, message: null },
  initial: "editing",
  states: {
    editing: {
      description: "The partner fills profile, documents, bank details and attaches the certification image.",
      on: {
        "field.change": { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }) }) },
        "certificate.change": { actions: assign({ certificate: ({ event }) => event.file }) },
        "signup.submit": [
          { guard: "passwordsMatch", target: "checkingCertificate" },
          { actions: assign({ message: { text: PASSWORDS_DIFFER, tone: "error" as Tone } }) },
        ],
      },
    },
    checkingCertificate: {
      description: "The certification image is required before any call.",
      always: [
        { guard: "hasCertificate", target: "submitting" },
        { target: "editing", actions: assign({ message: { text: CERTIFICATE_REQUIRED, tone: "error" as Tone } }) },
      ],
    },
    submitting: {
      description: "The Submit button reads 'Submitting...' and is disabled.",
      tags: ["busy"],
      entry: assign({ message: null }),
      invoke: {
        src: "signUp",
        input: ({ context }) => ({ fields: context.fields, certificate: context.certificate! }),
        onDone: { target: "submitted", actions: assign({ message: ({ event }) => ({ text: event.output.message, tone: "success" as Tone }) }) },
        onError: {
          target: "editing",
          actions: assign({ message: ({ event }) => ({ text: withFieldLabel(messageOf(event.error, SIGNUP_FAILED)), tone: "error" as Tone }) }),
        },
      },
    },
    submitted: {
      description: "The application is Under Review: the thank-you message and a link to sign in.",
      type: "final",
    },
  },
})
