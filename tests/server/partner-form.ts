import { multipart, solidPng } from "../fixtures/images.ts"

/** Every field of a partner sign-up, valid, for `email`. */
export const partnerFields = (email: string): Record<string, string> => ({
  role: "Counsellor",
  name: "Farah Khan",
  email,
  number: "9812345678",
  password: "Partner@123",
  confirmPassword: "Partner@123",
  address: "12 Hill Road",
  city: "Mumbai",
  pinCode: "400050",
  state: "Maharashtra",
  language: "English, Hindi",
  experience: "6 years",
  preferredContactMethod: "WhatsApp",
  organizationName: "Calm Minds Studio",
  qualifications: "M.A. Psychology",
  briefBio: "Counsellor for stress and relationships.",
  serviceDescription: "Online one-to-one sessions.",
  registrationNumber: "RCI-88231",
  certificationName: "Licensed Counsellor",
  issuingAuthority: "Rehabilitation Council of India",
  certificationNumber: "CERT-55102",
  expirationDate: "2028-03-31",
  accountHolderName: "Farah Khan",
  bankName: "HDFC Bank",
  ifscCode: "hdfc0001234",
  accountNumber: "50100123456789",
})

/** A whole partner sign-up form (its certificate a small PNG), ready for app.inject. */
export async function partnerForm(email: string): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [k, v] of Object.entries(partnerFields(email))) form.append(k, v)
  form.append("certificationImg", new Blob([new Uint8Array(solidPng())], { type: "image/png" }), "cert.png")
  return multipart(form)
}
