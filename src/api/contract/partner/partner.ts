import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { Id, StoredEmail, VendorStatus, vendorRoles } from "../common.ts"
import { Password } from "../account/user.ts"

/** The session notice window when the server names none (SESSION_NOTICE_HOURS). */
export const DEFAULT_NOTICE_HOURS = 12

/** Settings of the server the console needs before anyone signs in. */
export const PublicConfig = Schema.Struct({
  /** Where the login screen's 'Sign up here' leads (PARTNER_SIGNUP_URL). */
  partnerSignupUrl: Schema.String,
  /** Hours before a session's start inside which only an Admin moves it and a cancellation is late (SESSION_NOTICE_HOURS). */
  sessionNoticeHours: Schema.Number,
})
export type PublicConfig = typeof PublicConfig.Type
export const PublicConfigAnswer = Schema.Struct({ success: Schema.Boolean, data: PublicConfig })

export const contactMethods = ["Email", "Phone", "WhatsApp"] as const

/** A required text field, trimmed, with a length cap so a form cannot store a novel. */
const text = (max: number) => trimmedText({ required: true, max })
const optionalText = (max: number) => Schema.optional(trimmedText({ max }))

/** A calendar date written YYYY-MM-DD that exists (no 2027-02-30). */
export const DateOnly = Schema.String.check(
  Schema.makeFilter(
    (value: string) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
      if (!match) return "must be a date (YYYY-MM-DD)"
      // setUTCFullYear, because Date.UTC reads the years 0 to 99 as 1900 to 1999.
      const date = new Date(0)
      date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
      return date.toISOString().slice(0, 10) === value ? true : "must be a real calendar date"
    },
    { toJsonSchema: () => ({ format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" }) },
  ),
)

const pattern = (re: RegExp, message: string) => trimmedText({ required: true, pattern: { re, message } })

/**
 * The public partner sign-up form (multipart; the certification image is the file field
 * `certificationImg`, PNG or JPEG). The spec names no call for it: the field names are those of
 * the User/Vendor entity (spec section 3), flattened, plus the password the partner chooses.
 */
export const partnerSignupFields = {
  role: Schema.Literals(vendorRoles),
  name: text(100),
  email: StoredEmail,
  number: pattern(/^\+?[0-9]{10,15}$/, "must be a phone number of 10 to 15 digits"),
  password: Password,
  confirmPassword: Schema.String,
  address: text(200),
  city: text(100),
  pinCode: pattern(/^[0-9]{6}$/, "must be a 6-digit pin code"),
  state: text(100),
  language: text(100),
  experience: text(100),
  preferredContactMethod: Schema.Literals(contactMethods),
  organizationName: optionalText(200),
  qualifications: optionalText(200),
  briefBio: optionalText(2000),
  serviceDescription: optionalText(2000),
  registrationNumber: text(100),
  certificationName: text(200),
  issuingAuthority: text(200),
  certificationNumber: text(100),
  expirationDate: Schema.optional(DateOnly),
  accountHolderName: text(100),
  bankName: text(100),
  ifscCode: pattern(/^[A-Za-z]{4}0[A-Za-z0-9]{6}$/, "must be an 11-character IFSC code (e.g. HDFC0001234)"),
  accountNumber: pattern(/^[0-9]{9,18}$/, "must be 9 to 18 digits"),
}
export const PartnerSignupRequest = Schema.Struct(partnerSignupFields).check(
  Schema.makeFilter(
    (form: { password: string; confirmPassword: string }) =>
      form.password === form.confirmPassword ? true : { path: ["confirmPassword"], issue: "must match password" },
    { toJsonSchema: () => ({ description: "`confirmPassword` must equal `password`." }) },
  ),
)
export type PartnerSignupRequest = typeof PartnerSignupRequest.Type

export const PartnerSignupAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ _id: Id, status: VendorStatus }),
})
export type PartnerSignupAnswer = typeof PartnerSignupAnswer.Type

/** A private image served through a call that checks who asks; the console shows it from a Blob. */
export const ImageFile = Schema.instanceOf(Blob)
