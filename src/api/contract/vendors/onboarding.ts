import { Schema } from "effect"
import { profileFieldLabels, type ProfileField } from "./profile-change.ts"

/**
 * A vendor's onboarding checklist (issue 26), like Stripe Connect's requirements: what a vendor still has to
 * give before their profile can go live. One rule, here, for the vendor's dashboard and the Admin's review
 * lists: the server works it out from the profile, the pending change and the availability.
 */
export const onboardingSteps = {
  profile: {
    label: "Profile complete",
    fields: [
      "number",
      "address",
      "city",
      "pinCode",
      "state",
      "language",
      "experience",
      "preferredContactMethod",
      "briefBio",
      "serviceDescription",
      "profileImg",
    ],
  },
  documents: {
    label: "Documents uploaded",
    fields: ["registrationNumber", "certificationName", "issuingAuthority", "certificationNumber", "certificationImg"],
  },
  bank: { label: "Bank details", fields: ["accountHolderName", "bankName", "ifscCode", "accountNumber"] },
  availability: { label: "Availability set", fields: [] },
} as const satisfies Record<string, { label: string; fields: readonly ProfileField[] }>
export type OnboardingStepId = keyof typeof onboardingSteps
export const onboardingStepIds = Object.keys(onboardingSteps) as OnboardingStepId[]

/** Done; waiting for an Admin's review of what was given (a pending change fills what is missing); or still to do. */
export const onboardingStatuses = ["done", "review", "todo"] as const
export type OnboardingStatus = (typeof onboardingStatuses)[number]

export const OnboardingStep = Schema.Struct({
  step: Schema.Literals(onboardingStepIds),
  label: Schema.String,
  status: Schema.Literals(onboardingStatuses),
  /** What is still missing, in the form's words (empty when done). */
  missing: Schema.Array(Schema.String),
})
export type OnboardingStep = typeof OnboardingStep.Type

export const Onboarding = Schema.Struct({ steps: Schema.Array(OnboardingStep), done: Schema.Number, total: Schema.Number })
export type Onboarding = typeof Onboarding.Type
export const OnboardingAnswer = Schema.Struct({ success: Schema.Boolean, data: Onboarding })

/** How far a vendor is, as a review list shows it: "3 of 4". */
export const OnboardingProgress = Schema.Struct({ done: Schema.Number, total: Schema.Number })
export type OnboardingProgress = typeof OnboardingProgress.Type

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim() !== ""

/**
 * The checklist of a vendor with these profile values, these values asked for in a pending change, and
 * availability set or not. A step is done when each of its fields has a value; under review when the pending
 * change gives the ones missing.
 */
export function onboardingOf(
  values: Partial<Record<ProfileField, string | null>>,
  pending: Partial<Record<string, string | null>>,
  hasAvailability: boolean,
): Onboarding {
  const steps = onboardingStepIds.map((step): OnboardingStep => {
    const { label, fields } = onboardingSteps[step]
    if (step === "availability") return { step, label, status: hasAvailability ? "done" : "todo", missing: hasAvailability ? [] : ["Your bookable hours"] }
    const missing = (fields as readonly ProfileField[]).filter((f) => !filled(values[f]))
    const status = missing.length === 0 ? "done" : missing.every((f) => filled(pending[f])) ? "review" : "todo"
    return { step, label, status, missing: missing.map((f) => profileFieldLabels[f]) }
  })
  return { steps, done: steps.filter((s) => s.status === "done").length, total: steps.length }
}
