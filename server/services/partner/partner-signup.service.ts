import type { PartnerSignupRequest } from "../../../src/api/contract/partner.ts"
import type { Db } from "../../db/database.ts"
import { findUserByEmail, insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { hashPassword } from "../auth/passwords.ts"
import { badRequest, conflict } from "../errors.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Mailer } from "../mail/mailer.ts"
import type { UploadStore } from "../storage/uploads.ts"

export interface PartnerDeps {
  db: Db
  mailer: Mailer
  uploads: UploadStore
  publicUrl: string
}

const DUPLICATE = "An account with this email already exists. Please sign in or reset your password."
export const SIGNUP_RECEIVED = "Thank you! Your application has been received and is under review. We have emailed you the details."

/** The one file the form carries; anything else is refused rather than ignored. */
function certificationFile(files: UploadedFile[]): UploadedFile {
  const other = files.find((f) => f.field !== "certificationImg")
  if (other) throw badRequest(`${other.field}: unexpected file`)
  if (files.length > 1) throw badRequest("certificationImg: only one image is accepted")
  const file = files[0]
  if (!file) throw badRequest("certificationImg: is required")
  return file
}

/**
 * A partner applies through the public page: a vendor account Under Review with the password they
 * chose (they can sign in and see their profile while the Admin reviews), the certificate stored
 * private, an event, and an email. A failure leaves neither the account nor the file behind.
 */
export async function signUpPartner(deps: PartnerDeps, form: PartnerSignupRequest, files: UploadedFile[]) {
  const file = certificationFile(files)
  if (await findUserByEmail(deps.db, form.email)) throw conflict(DUPLICATE)
  const passwordHash = await hashPassword(form.password)
  const image = deps.uploads.saveImage(file, ["png", "jpeg"], "private")
  let user
  try {
    user = await deps.db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, {
        name: form.name,
        email: form.email,
        role: form.role,
        status: "Under Review",
        password_hash: passwordHash,
        number: form.number,
        organization_name: form.organizationName ?? null,
        address: form.address,
        city: form.city,
        pin_code: form.pinCode,
        state: form.state,
        language: form.language,
        experience: form.experience,
        preferred_contact_method: form.preferredContactMethod,
        additionalDetails: {
          profileImg: null,
          qualifications: form.qualifications ?? null,
          availability: null,
          briefBio: form.briefBio ?? null,
          serviceDescription: form.serviceDescription ?? null,
        },
        documentDetails: {
          registrationNumber: form.registrationNumber,
          certificationName: form.certificationName,
          issuingAuthority: form.issuingAuthority,
          certificationNumber: form.certificationNumber,
          expirationDate: form.expirationDate ?? null,
          certificationImg: image.name,
        },
        accountDetails: {
          accountHolderName: form.accountHolderName,
          bankName: form.bankName,
          ifscCode: form.ifscCode.toUpperCase(),
          accountNumber: form.accountNumber,
        },
      })
      // The sign-up creates the user: its event carries every field (the password hash excepted, see projections).
      await recordChange(trx, { entityType: "user", entityId: row.id, type: "user.partnerSignedUp", actorId: row.id })
      return row
    })
  } catch (error) {
    deps.uploads.remove(image.name, "private")
    if (isUniqueViolation(error)) throw conflict(DUPLICATE)
    throw error
  }
  await sendReceivedMail(deps, user)
  return { success: true, message: SIGNUP_RECEIVED, data: { _id: user.id, status: user.status } }
}

async function sendReceivedMail(deps: PartnerDeps, user: { name: string; email: string; role: string }) {
  await deps.mailer.send({
    to: user.email,
    subject: "Your partner application is under review",
    text:
      `Hello ${user.name},\n\nThank you for applying to join as a ${user.role}. Your application is now Under Review; ` +
      `we will email you when it has been reviewed.\n\nYou can already sign in at ${deps.publicUrl}/login with ${user.email} ` +
      `and the password you chose to see your profile.\n`,
  })
}
