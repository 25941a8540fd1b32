import { Schema } from "effect"
import { Email, Id, IsoDateTime, NonEmptyTrimmed, Role, VendorStatus } from "../common.ts"

/** The user as stored with the login (spec section 3: stored login data). */
export const SessionUser = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  organizationId: Schema.NullOr(Schema.String),
})
export type SessionUser = typeof SessionUser.Type

const OptText = Schema.optional(Schema.NullOr(Schema.String))

export const AdditionalDetails = Schema.Struct({
  profileImg: OptText,
  qualifications: OptText,
  availability: OptText,
  briefBio: OptText,
  serviceDescription: OptText,
})
export const DocumentDetails = Schema.Struct({
  registrationNumber: OptText,
  certificationName: OptText,
  issuingAuthority: OptText,
  certificationNumber: OptText,
  expirationDate: OptText,
  certificationImg: OptText,
})
/**
 * A bank account number as every answer carries it: its last 4 digits behind four dots (issue 26). The
 * full number is given only to an Admin who says why (POST /user/vendorDetails/:id/account-number),
 * and each such reveal is written to the access log.
 */
export const ACCOUNT_NUMBER_MASK = "••••"
export const maskAccountNumber = (accountNumber: string | null | undefined): string | null | undefined =>
  accountNumber == null || accountNumber.trim() === "" ? accountNumber : `${ACCOUNT_NUMBER_MASK}${accountNumber.trim().slice(-4)}`

export const AccountDetails = Schema.Struct({
  accountHolderName: OptText,
  bankName: OptText,
  ifscCode: OptText,
  accountNumber: OptText,
})

/** One row of a people list: what the tables show, without profile or bank details. */
export const PersonListItem = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.NullOr(Schema.String),
  role: Role,
  status: VendorStatus,
  createdAt: IsoDateTime,
  organizationId: Schema.NullOr(Schema.String),
  organizationName: Schema.NullOr(Schema.String),
  /** On the review lists only: how many of the vendor's onboarding steps are done (issue 26). */
  onboarding: Schema.optional(Schema.Struct({ done: Schema.Number, total: Schema.Number })),
  /** Present (true) while the vendor's own profile changes wait for an Admin's review (issue 26). */
  changesUnderReview: Schema.optional(Schema.Boolean),
})
export type PersonListItem = typeof PersonListItem.Type

/** A user or vendor with every profile field (spec section 3): a list row plus the profile. */
export const Person = Schema.Struct({
  ...PersonListItem.fields,
  address: OptText,
  city: OptText,
  pinCode: OptText,
  state: OptText,
  language: OptText,
  experience: OptText,
  preferredContactMethod: OptText,
  AdditionalDetails: Schema.optional(AdditionalDetails),
  DocumentDetails: Schema.optional(DocumentDetails),
  AccountDetails: Schema.optional(AccountDetails),
})
export type Person = typeof Person.Type

export const Credentials = Schema.Struct({ email: NonEmptyTrimmed, password: NonEmptyTrimmed })
export type Credentials = typeof Credentials.Type

export const LoginAnswer = Schema.Struct({
  data: Schema.Struct({
    accessToken: Schema.String,
    refreshToken: Schema.String,
    user: SessionUser,
    /** Only when the Admin requires two-factor and this Admin has none: the token reaches only enrolment. */
    twoFactorSetupRequired: Schema.optional(Schema.Literal(true)),
  }),
  message: Schema.String,
})
export type LoginAnswer = typeof LoginAnswer.Type

/** The password was right and the account has two-factor on: a code must follow, with this challenge. */
export const TwoFactorChallengeAnswer = Schema.Struct({
  data: Schema.Struct({ twoFactorRequired: Schema.Literal(true), challengeToken: Schema.String }),
  message: Schema.String,
})
export type TwoFactorChallengeAnswer = typeof TwoFactorChallengeAnswer.Type

/** With two-factor off the answer keeps the spec's shape exactly; with it on, a challenge instead. */
export const LoginOrChallengeAnswer = Schema.Union([LoginAnswer, TwoFactorChallengeAnswer])
export type LoginOrChallengeAnswer = typeof LoginOrChallengeAnswer.Type

export const isTwoFactorChallenge = (answer: LoginOrChallengeAnswer): answer is TwoFactorChallengeAnswer => "twoFactorRequired" in answer.data

export const ResetLinkRequest = Schema.Struct({ email: Email })

/** The one password rule: sign-up, reset and change all use it. */
export const Password = Schema.String.check(
  // Stated whole: Effect's own JSON Schema halves a minimum (it counts code points, a JS length UTF-16 units),
  // and 8 characters always have 8 UTF-16 units, so what the document calls valid the server takes.
  Schema.isMinLength(8, { message: "must be at least 8 characters", toJsonSchema: () => ({ minLength: 8 }) }),
  Schema.isMaxLength(128, { message: "must be at most 128 characters" }),
)

export const ResetPasswordRequest = Schema.Struct({
  token: NonEmptyTrimmed,
  password: Password,
  confirmPassword: Schema.String,
}).annotate({
  description: "`confirmPassword` must equal `password` ('Passwords do not match!'); the token must be the mailed one, unused and under an hour old.",
})

/**
 * This device's new session after every other one was ended (a password change, "Sign out of other
 * devices"): the console swaps its tokens and keeps its 2-hour clock.
 */
export const RenewedSessionAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ accessToken: Schema.String, refreshToken: Schema.String, user: SessionUser }),
})
export type RenewedSessionAnswer = typeof RenewedSessionAnswer.Type

/** POST /user/refresh-token: the refresh token the sign-in (or the last refresh) answered. */
export const RefreshRequest = Schema.Struct({
  refreshToken: Schema.String.check(Schema.isNonEmpty({ message: "is required" }), Schema.isMaxLength(200, { message: "must be at most 200 characters" })),
})

export const UpdatePasswordRequest = Schema.Struct({
  oldPassword: Schema.String.check(Schema.isNonEmpty({ message: "is required" })),
  newPassword: Password,
}).annotate({ description: "`oldPassword` must be the current password, and `newPassword` must differ from it." })

export const ProfileAnswer = Schema.Struct({ success: Schema.Boolean, data: Person })
