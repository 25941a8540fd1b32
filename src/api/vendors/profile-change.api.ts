import * as api from "../contract/vendors/profile-change.endpoints.ts"
import { call } from "../client.ts"

/** The vendor's own profile form, multipart (built with `toFormData`; images `profileImg` and `certificationImg`). */
export const updateOwnProfile = (form: FormData) => call(api.updateOwnProfile, { body: form })
export const fetchOwnOnboarding = () => call(api.ownOnboarding)
export const fetchOwnProfileChange = () => call(api.ownProfileChange)
export const withdrawProfileChange = () => call(api.withdrawProfileChange)

export const fetchVendorProfileChange = (id: string) => call(api.vendorProfileChange, { params: { id } })
export const approveProfileChange = (id: string) => call(api.approveProfileChange, { params: { id } })
export const rejectProfileChange = (id: string, reason: string) => call(api.rejectProfileChange, { params: { id }, body: { reason } })
/** The certification image a pending change brings, as a Blob (Admin, or the vendor themself). */
export const fetchProposedCertificationImage = (id: string) => call(api.proposedCertificationImage, { params: { id } })
