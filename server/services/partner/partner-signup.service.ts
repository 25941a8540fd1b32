import type { PartnerSignupRequest } from "../../../src/api/contract/partner.ts"
import type { Db } from "../../db/database.ts"
import { findUserByEmail, insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { hashPassword } from "../auth/passwords.ts"
import { randomUUID } from "node:crypto"
import { inConstantTime } from "../constant-time.ts"
import { badRequest } from "../errors.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Mailer } from "../mail/mailer.ts"
import type { UploadStore } from "../storage/uploads.ts"

export interface PartnerDeps {
  db: Db
  mailer: Mailer
  uploads: UploadStore
  publicUrl: string
}

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

/** How long every sign-up answer takes, new email or not (see constant-time.ts). */
export const SIGNUP_ANSWER_MS = 400

/**
 * A partner applies through the public page: a vendor account Under Review with the password they
 * chose (they can sign in and see their profile while the Admin reviews), the certificate stored
 * private, an event, and an email. A failure leaves neither the account nor the file behind.
 * An email that already has an account gets the same answer, in the same time (so the form cannot be
 * used to find accounts); the account's owner is mailed instead, and nothing is stored.
 */
export async function signUpPartner(deps: PartnerDeps & { log?: (message: string) => void }, form: PartnerSignupRequest, files: UploadedFile[]) {
  const file = certificationFile(files)
  let answer: { success: boolean; message: string; data: { _id: string; status: "Under Review" } } | undefined
  const work = (async () => {
    const existing = await findUserByEmail(deps.db, form.email)
    answer = existing ? await answerExisting(deps, existing, form.password) : await createPartner(deps, form, file)
  })()
  await inConstantTime(SIGNUP_ANSWER_MS, work, (error) => deps.log?.(`partner sign-up: ${(error as Error).message}`))
  return answer ?? received(randomUUID())
}

const received = (id: string) => ({ success: true, message: SIGNUP_RECEIVED, data: { _id: id, status: "Under Review" as const } })

async function answerExisting(deps: PartnerDeps, owner: { name: string; email: string }, password: string) {
  // The same work as a new account's password, so both take as long.
  await hashPassword(password)
  await deps.mailer.send({
    to: owner.email,
    subject: "Someone applied as a partner with your email",
    text:
      `Hello ${owner.name},\n\nSomebody applied to join as a partner with this email address, which already has an account. ` +
      `Nothing was changed.\n\nIf it was you, sign in at ${deps.publicUrl}/login, or choose a new password at ${deps.publicUrl}/login (Forgot password).\n`,
  })
  return received(randomUUID())
}

async function createPartner(deps: PartnerDeps, form: PartnerSignupRequest, file: UploadedFile) {
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
    // Two sign-ups of one email at once: the second is answered as any sign-up of a known email.
    if (isUniqueViolation(error)) return answerExisting(deps, { name: form.name, email: form.email }, form.password)
    throw error
  }
  await sendReceivedMail(deps, user)
  return received(user.id)
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
