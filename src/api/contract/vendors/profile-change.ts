import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"
import { trimmedText } from "../text.ts"
import { Person } from "../account/user.ts"
import { DateOnly, partnerSignupFields } from "../partner/partner.ts"

const { role: _role, email: _email, password: _password, confirmPassword: _confirm, expirationDate: _expiry, ...signupProfile } = partnerSignupFields

/**
 * What a vendor may change of their own profile (issue 26): the partner sign-up's fields and rules,
 * less the role, the email (their sign-in) and the password (its own panel). Multipart, with two optional
 * files: `profileImg` (the avatar) and `certificationImg` (the proof). An optional field left out is
 * unchanged; sent empty, it is cleared. The account number is optional: answers only ever show its last
 * 4 digits, so a form cannot send the stored one back, and leaving it out keeps it.
 */
export const profileEditFields = {
  ...signupProfile,
  expirationDate: Schema.optional(Schema.Union([DateOnly, Schema.Literal("")])),
  accountNumber: Schema.optional(signupProfile.accountNumber),
}
export const ProfileEditRequest = Schema.Struct(profileEditFields)
export type ProfileEditRequest = typeof ProfileEditRequest.Type
export type ProfileField = keyof ProfileEditRequest | "certificationImg" | "profileImg"

/** Every field of the profile form in the console's words (the sign-up's labels). */
export const profileFieldLabels = {
  name: "Full Name",
  number: "Phone Number",
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
  profileImg: "Profile Picture",
  registrationNumber: "Registration Number",
  certificationName: "Certification Name",
  issuingAuthority: "Issuing Authority",
  certificationNumber: "Certification Number",
  expirationDate: "Expiration Date",
  certificationImg: "Certification Image",
  accountHolderName: "Account Holder Name",
  bankName: "Bank Name",
  ifscCode: "IFSC Code",
  accountNumber: "Account Number",
} as const satisfies Record<ProfileField, string>

const labelsOf = <F extends ProfileField>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f, profileFieldLabels[f]])) as { [K in F]: (typeof profileFieldLabels)[K] }

/**
 * The fields an Admin approved: who the vendor is, what qualifies them, and where their money goes. Once a
 * vendor is approved (or temporarily approved), a change to any of them waits for an Admin's review while
 * the approved value stays live; every other field changes at once.
 */
export const reviewedFieldLabels = labelsOf([
  "name",
  "organizationName",
  "qualifications",
  "experience",
  "registrationNumber",
  "certificationName",
  "issuingAuthority",
  "certificationNumber",
  "expirationDate",
  "certificationImg",
  "accountHolderName",
  "bankName",
  "ifscCode",
  "accountNumber",
])
export type ReviewedField = keyof typeof reviewedFieldLabels
export const reviewedFields = Object.keys(reviewedFieldLabels) as ReviewedField[]
export const isReviewedField = (field: string): field is ReviewedField => Object.hasOwn(reviewedFieldLabels, field)

export const profileChangeStatuses = ["pending", "approved", "rejected", "withdrawn"] as const
export type ProfileChangeStatus = (typeof profileChangeStatuses)[number]

/** One field of a change: the approved value and the one asked for (account numbers masked, images by name). */
export const ProfileChangeLine = Schema.Struct({
  field: Schema.String,
  label: Schema.String,
  approved: Schema.NullOr(Schema.String),
  proposed: Schema.NullOr(Schema.String),
})
export type ProfileChangeLine = typeof ProfileChangeLine.Type

export const ProfileChange = Schema.Struct({
  _id: Id,
  vendorId: Id,
  status: Schema.Literals(profileChangeStatuses),
  lines: Schema.Array(ProfileChangeLine),
  /** Why an Admin rejected it. */
  reason: Schema.NullOr(Schema.String),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  decidedAt: Schema.NullOr(IsoDateTime),
})
export type ProfileChange = typeof ProfileChange.Type

/** The pending change, or null when there is none. */
export const ProfileChangeAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.NullOr(ProfileChange) })
export type ProfileChangeAnswer = typeof ProfileChangeAnswer.Type

export const ProfileEditAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ profile: Person, change: Schema.NullOr(ProfileChange) }),
})
export type ProfileEditAnswer = typeof ProfileEditAnswer.Type

export const RejectProfileChangeRequest = Schema.Struct({ reason: trimmedText({ required: true, max: 500 }) })
export type RejectProfileChangeRequest = typeof RejectProfileChangeRequest.Type

export const ProfileChangeDecisionAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: ProfileChange })
export type ProfileChangeDecisionAnswer = typeof ProfileChangeDecisionAnswer.Type

export const PROFILE_SAVED = "Your profile was updated."
export const profileSavedForReview = (count: number) =>
  `Your profile was updated. ${count === 1 ? "1 change waits" : `${count} changes wait`} for an Admin's review; the approved ${count === 1 ? "value stays" : "values stay"} until then.`
export const CHANGE_WITHDRAWN = "Your changes under review were withdrawn."
export const CHANGE_APPROVED = "The changes were approved and are now live."
export const CHANGE_REJECTED = "The changes were rejected; the vendor was told why."
export const NO_PENDING_CHANGE = "This vendor has no changes waiting for review."
