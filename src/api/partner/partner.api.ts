import * as api from "../contract/partner/partner.endpoints.ts"
import { call } from "../client.ts"

export const getPublicConfig = () => call(api.publicConfig)
/** The public sign-up form, multipart (built with `toFormData`; the image is `certificationImg`). */
export const signUpPartner = (form: FormData) => call(api.partnerSignup, { body: form })
/** The private certificate as a Blob; only the Admin and its vendor are answered. */
export const getCertificationImage = (userId: string) => call(api.certificationImage, { params: { userId } })
