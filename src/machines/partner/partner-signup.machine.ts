import { toFormData } from "../../api/client.ts"
import * as partnerApi from "../../api/partner/partner.api.ts"
import { messageOf } from "../../api/api-error.ts"
import { vendorRoles } from "../../api/contract/common.ts"
import { contactMethods, partnerSignupFields as contract, type PartnerSignupAnswer } from "../../api/contract/partner/partner.ts"
import type { FieldSpec, FileSpec } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import { partnerSignup } from "../../api/contract/partner/partner.endpoints.ts"

export const SIGNUP_FAILED = "Sign-up failed. Please try again."
export const PASSWORDS_DIFFER = "Passwords do not match!"
export const CERTIFICATE_REQUIRED = "Please attach your certification image (PNG or JPEG)."

const ROLE_LABELS: Record<(typeof vendorRoles)[number], string> = {
  Lawyer: "Lawyer",
  Counsellor: "Counsellor",
  YogaTeacher: "Yoga Teacher",
  Nutritionist: "Nutritionist",
  ImageConsultant: "Image Consultant",
}

const field = (name: keyof typeof contract, label: string, rest: Omit<FieldSpec, "name" | "label" | "schema">): FieldSpec => ({
  name,
  label,
  schema: contract[name],
  ...rest,
})

/** The form's sections, each field with its label and the contract's rule for it (PartnerSignupRequest). */
export const partnerSections: ReadonlyArray<{ legend: string; fields: readonly FieldSpec[] }> = [
  {
    legend: "Profile",
    fields: [
      field("role", "Role", { kind: "select", options: vendorRoles, optionLabels: ROLE_LABELS }),
      field("name", "Full Name", { kind: "text", autoComplete: "name" }),
      field("email", "Email", { kind: "email", autoComplete: "email" }),
      field("number", "Phone Number", { kind: "tel", autoComplete: "tel", hint: "10 to 15 digits" }),
      field("address", "Address", { kind: "text", autoComplete: "street-address" }),
      field("city", "City", { kind: "text", autoComplete: "address-level2" }),
      field("pinCode", "Pin Code", { kind: "text", autoComplete: "postal-code", hint: "6 digits" }),
      field("state", "State", { kind: "text", autoComplete: "address-level1" }),
      field("language", "Languages", { kind: "text", hint: "e.g. English, Hindi" }),
      field("experience", "Experience", { kind: "text", hint: "e.g. 6 years" }),
      field("preferredContactMethod", "Preferred Contact Method", { kind: "select", options: contactMethods }),
      field("organizationName", "Organization / Business Name", { kind: "text", required: false, autoComplete: "organization" }),
      field("qualifications", "Qualifications", { kind: "text", required: false }),
      field("briefBio", "Brief Bio", { kind: "textarea", required: false }),
      field("serviceDescription", "Service Description", { kind: "textarea", required: false }),
    ],
  },
  {
    legend: "Documents",
    fields: [
      field("registrationNumber", "Registration Number", { kind: "text" }),
      field("certificationName", "Certification Name", { kind: "text" }),
      field("issuingAuthority", "Issuing Authority", { kind: "text" }),
      field("certificationNumber", "Certification Number", { kind: "text" }),
      field("expirationDate", "Expiration Date", { kind: "date", required: false }),
    ],
  },
  {
    legend: "Bank Details",
    fields: [
      field("accountHolderName", "Account Holder Name", { kind: "text" }),
      field("bankName", "Bank Name", { kind: "text" }),
      field("ifscCode", "IFSC Code", { kind: "text", hint: "11 characters, e.g. HDFC0001234" }),
      field("accountNumber", "Account Number", { kind: "text", hint: "9 to 18 digits" }),
    ],
  },
  {
    legend: "Sign-in",
    fields: [
      field("password", "Password", { kind: "password", autoComplete: "new-password", hint: "At least 8 characters" }),
      {
        name: "confirmPassword",
        label: "Confirm Password",
        kind: "password",
        autoComplete: "new-password",
        check: (text, values) => (text === values["password"] ? null : PASSWORDS_DIFFER),
      },
    ],
  },
]

export const partnerFields: readonly FieldSpec[] = partnerSections.flatMap((s) => s.fields)

export const certificateSpec: FileSpec = {
  name: "certificationImg",
  label: "Certification Image",
  required: true,
  accept: "image/png,image/jpeg",
  isAccepted: (file) => ["image/png", "image/jpeg"].includes(file.type) || /\.(png|jpe?g)$/i.test(file.name),
  refusedText: CERTIFICATE_REQUIRED,
  requiredText: CERTIFICATE_REQUIRED,
}

/**
 * The public partner sign-up page: every field checked with the contract's rule before the call, the
 * password pair must match and the certificate be attached; the form keeps every input on failure,
 * and success shows the thank-you (the account is Under Review) with a link to sign in.
 */
export const partnerSignupMachine = createFormMachine<PartnerSignupAnswer>({
  id: "partnerSignup",
  call: partnerSignup,
  fields: partnerFields,
  files: [certificateSpec],
  initialExtra: null,
  submit: ({ values, files }) => partnerApi.signUpPartner(toFormData({ ...values, certificationImg: files["certificationImg"] ?? null })),
  succeeded: (answer) => ({ message: { text: answer.message, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : { text: messageOf(error, SIGNUP_FAILED), tone: "error" } }),
  after: { ms: 0, then: "stay" },
})
