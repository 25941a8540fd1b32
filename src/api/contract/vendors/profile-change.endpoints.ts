import { Schema } from "effect"
import { vendorRoles } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import { ImageFile } from "../partner/partner.ts"
import { VendorIdParams } from "./vendor.ts"
import { OnboardingAnswer } from "./onboarding.ts"
import { ProfileChangeAnswer, ProfileChangeDecisionAnswer, ProfileEditAnswer, ProfileEditRequest, RejectProfileChangeRequest } from "./profile-change.ts"

const admin = ["Admin"] as const
const image = { required: false, mediaTypes: ["image/png", "image/jpeg"] } as const

export const updateOwnProfile = endpoint({
  name: "updateOwnProfile",
  method: "PATCH",
  path: "/user/profile",
  body: ProfileEditRequest,
  multipart: true,
  files: { profileImg: image, certificationImg: image },
  answer: ProfileEditAnswer,
  access: vendorRoles,
  summary:
    "A vendor changes their own profile. Once approved (or temporarily approved), changes to reviewed fields (name, business, qualifications, experience, documents, bank details) wait for an Admin's review while the approved values stay; the rest changes at once. A new change replaces the one pending",
})

export const ownProfileChange = endpoint({
  name: "ownProfileChange",
  method: "GET",
  path: "/user/profile/change",
  answer: ProfileChangeAnswer,
  access: vendorRoles,
  summary: "The signed-in vendor's change waiting for review, or null; after a decision, the last decided change until the next edit",
})

export const withdrawProfileChange = endpoint({
  name: "withdrawProfileChange",
  method: "DELETE",
  path: "/user/profile/change",
  answer: ProfileChangeDecisionAnswer,
  access: vendorRoles,
  summary: "The vendor takes back their change waiting for review; the approved values stay",
  refusals: { 409: "There is no change waiting for review" },
})

export const vendorProfileChange = endpoint({
  name: "vendorProfileChange",
  method: "GET",
  path: "/user/vendorDetails/:id/change",
  params: VendorIdParams,
  answer: ProfileChangeAnswer,
  access: admin,
  summary: "A vendor's change waiting for review, field by field beside the approved values, or null",
})

export const approveProfileChange = endpoint({
  name: "approveProfileChange",
  method: "POST",
  path: "/user/vendorDetails/:id/change/approve",
  params: VendorIdParams,
  answer: ProfileChangeDecisionAnswer,
  access: admin,
  summary: "Approve a vendor's pending change: its values replace the approved ones, an event is recorded and the vendor is told",
  refusals: { 409: "The vendor has no change waiting for review (another Admin decided it, or the vendor withdrew it)" },
})

export const rejectProfileChange = endpoint({
  name: "rejectProfileChange",
  method: "POST",
  path: "/user/vendorDetails/:id/change/reject",
  params: VendorIdParams,
  body: RejectProfileChangeRequest,
  answer: ProfileChangeDecisionAnswer,
  access: admin,
  summary: "Reject a vendor's pending change with a reason (up to 500 characters): the approved values stay and the vendor is told why",
  refusals: { 409: "The vendor has no change waiting for review (another Admin decided it, or the vendor withdrew it)" },
})

export const proposedCertificationImage = endpoint({
  name: "proposedCertificationImage",
  method: "GET",
  path: "/user/profileChange/:id/certificationImage",
  params: Schema.Struct({ id: VendorIdParams.fields.id }),
  produces: ["image/png", "image/jpeg"],
  answer: ImageFile,
  access: "signedIn",
  summary: "The certification image of a vendor's change waiting for review (404 when it brings none)",
  ownership: "An Admin sees any vendor's; a vendor only their own",
})

export const ownOnboarding = endpoint({
  name: "ownOnboarding",
  method: "GET",
  path: "/user/onboarding",
  answer: OnboardingAnswer,
  access: vendorRoles,
  summary:
    "The signed-in vendor's onboarding checklist: profile complete, documents uploaded, bank details, availability set; each done, under review (a pending change gives what is missing) or to do, with what is missing",
})

export const profileChangeEndpoints = [
  ownOnboarding,
  updateOwnProfile,
  ownProfileChange,
  withdrawProfileChange,
  vendorProfileChange,
  approveProfileChange,
  rejectProfileChange,
  proposedCertificationImage,
]
