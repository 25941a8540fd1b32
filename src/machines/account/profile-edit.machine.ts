import { toFormData } from "../../api/client.ts"
import * as authApi from "../../api/account/auth.api.ts"
import * as changeApi from "../../api/vendors/profile-change.api.ts"
import { getProfile } from "../../api/contract/account/auth.endpoints.ts"
import type { Person } from "../../api/contract/account/user.ts"
import type { VendorStatus } from "../../api/contract/common.ts"
import { ownProfileChange, updateOwnProfile } from "../../api/contract/vendors/profile-change.endpoints.ts"
import { profileEditFields, type ProfileChange, type ProfileEditAnswer } from "../../api/contract/vendors/profile-change.ts"
import { messageOf } from "../../api/api-error.ts"
import type { FieldSpec, FileSpec, FormValues } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import { certificateSpec, partnerSections } from "../partner/partner-signup.machine.ts"

export const PROFILE_LOAD_FAILED = "Failed to fetch user profile."
export const PROFILE_SAVE_FAILED = "Your profile could not be saved. Please try again."

/** The sign-up's sections and labels, less role, email and password, each field with the edit form's rule. */
export const profileEditSections: ReadonlyArray<{ legend: string; fields: readonly FieldSpec[] }> = partnerSections
  .filter((section) => section.legend !== "Sign-in")
  .map((section) => ({
    legend: section.legend,
    fields: section.fields
      .filter((spec) => Object.hasOwn(profileEditFields, spec.name))
      .map((spec) =>
        spec.name === "accountNumber"
          ? { ...spec, required: false, schema: profileEditFields.accountNumber, hint: "9 to 18 digits. Leave empty to keep the current one." }
          : { ...spec, schema: profileEditFields[spec.name as keyof typeof profileEditFields] },
      ),
  }))
const fields = profileEditSections.flatMap((s) => s.fields)

const imageOnly = (label: string, name: string): FileSpec => ({
  ...certificateSpec,
  name,
  label,
  required: false,
  refusedText: "Please choose a PNG or JPEG image.",
  requiredText: undefined,
})
export const avatarSpec = imageOnly("Profile Picture", "profileImg")
export const proofSpec = imageOnly("Certification Image", "certificationImg")

/** What the form opens with: the profile, and the change the vendor has waiting for review, if any. */
export interface OwnProfile {
  profile: Person
  change: ProfileChange | null
}

export interface ProfileEditExtra {
  status: VendorStatus | null
  /** The stored account number as every answer shows it (last 4 digits), for the field's hint. */
  accountNumber: string | null
}

/** The form's values: the profile's, with what a pending change asks for in place of the approved value. */
export function valuesOf({ profile, change }: OwnProfile): FormValues {
  const a = profile.AdditionalDetails ?? {}
  const d = profile.DocumentDetails ?? {}
  const b = profile.AccountDetails ?? {}
  const stored: Record<string, string | null | undefined> = {
    name: profile.name,
    number: profile.number,
    address: profile.address,
    city: profile.city,
    pinCode: profile.pinCode,
    state: profile.state,
    language: profile.language,
    experience: profile.experience,
    preferredContactMethod: profile.preferredContactMethod,
    organizationName: profile.organizationName,
    qualifications: a.qualifications,
    briefBio: a.briefBio,
    serviceDescription: a.serviceDescription,
    registrationNumber: d.registrationNumber,
    certificationName: d.certificationName,
    issuingAuthority: d.issuingAuthority,
    certificationNumber: d.certificationNumber,
    expirationDate: d.expirationDate?.slice(0, 10),
    accountHolderName: b.accountHolderName,
    bankName: b.bankName,
    ifscCode: b.ifscCode,
  }
  // The account number is only ever shown masked, so it is typed again or left out.
  for (const line of change?.status === "pending" ? change.lines : [])
    if (line.field !== "accountNumber" && line.field !== "certificationImg") stored[line.field] = line.proposed
  return Object.fromEntries(fields.map((spec) => [spec.name, spec.name === "accountNumber" ? "" : (stored[spec.name] ?? "")]))
}

/**
 * A vendor's own profile form (/profile/edit, issue 26): opened with their profile and their pending change,
 * every field checked with the contract's rule, then sent whole. The server decides what changes at once and
 * what waits for an Admin; its answer says which. An account number left empty is kept.
 */
export const profileEditMachine = createFormMachine<ProfileEditAnswer, OwnProfile, ProfileEditExtra>({
  id: "profileEdit",
  fields,
  files: [avatarSpec, proofSpec],
  initialExtra: { status: null, accountNumber: null },
  load: {
    fetch: async () => {
      const [profile, change] = await Promise.all([authApi.getProfile(), changeApi.fetchOwnProfileChange()])
      return { profile: profile.data, change: change.data }
    },
    failure: PROFILE_LOAD_FAILED,
    call: [getProfile, ownProfileChange],
  },
  call: updateOwnProfile,
  fromItem: (item) => ({
    itemId: item.profile._id,
    values: valuesOf(item),
    extra: { status: item.profile.status, accountNumber: item.profile.AccountDetails?.accountNumber ?? null },
  }),
  submit: ({ values, files }) =>
    changeApi.updateOwnProfile(
      toFormData({
        ...values,
        accountNumber: values["accountNumber"] || null,
        profileImg: files[avatarSpec.name] ?? null,
        certificationImg: files[proofSpec.name] ?? null,
      }),
    ),
  succeeded: (answer) => ({ message: { text: answer.message, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : { text: messageOf(error, PROFILE_SAVE_FAILED), tone: "error" } }),
  after: { ms: 2000, then: "final" },
})
