import type { PartnerSignupRequest } from "../../../src/api/contract/partner/partner.ts"
import type { Db } from "../../db/database.ts"
import { findUserByEmail, insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { hashPassword } from "../auth/passwords.ts"
import { randomUUID } from "node:crypto"
import { inConstantTime } from "../constant-time.ts"
import { badRequest } from "../errors.ts"
import { recordChange } from "../audit/record-change.ts"
import { adminNotices } from "../notifications/admin-notices.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications, type Notification, type NotifyDeps } from "../notifications/queue.ts"
import type { UploadStore } from "../storage/uploads.ts"

export interface PartnerDeps extends NotifyDeps {
  db: Db
  uploads: UploadStore
  now: () => number
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
  let answer: ReturnType<typeof received> | undefined
  await inConstantTime(
    SIGNUP_ANSWER_MS,
    async () => {
      const existing = await findUserByEmail(deps.db, form.email)
      const done = existing ? await answerExisting(deps, existing, form.password) : await createPartner(deps, form, file)
      answer = done.answer
      return { followUp: done.delivery }
    },
    (error) => deps.log?.(`partner sign-up: mail not delivered yet: ${(error as Error).message}`),
  )
  return answer!
}

const received = (id: string) => ({ success: true, message: SIGNUP_RECEIVED, data: { _id: id, status: "Under Review" as const } })

/** What a sign-up leaves once committed: its answer, and the delivery of its mail, under way. */
interface SignUpDone {
  answer: ReturnType<typeof received>
  delivery: Promise<unknown>
}

async function answerExisting(deps: PartnerDeps, owner: { id: string; name: string; email: string }, password: string): Promise<SignUpDone> {
  // The same work as a new account's password, so both take as long.
  await hashPassword(password)
  const queued = await queueNotifications(
    deps.db,
    new Date(deps.now()),
    [
      {
        template: "partner.signedUp.existing",
        entity: { type: "user", id: owner.id },
        to: owner.email,
        fields: { name: owner.name, loginUrl: `${deps.publicUrl}/login` },
      },
    ],
    deps.postman,
  )
  // An id no account has, shaped as a new one's.
  return { answer: received(randomUUID()), delivery: deliverQueued(deps, queued) }
}

async function createPartner(deps: PartnerDeps, form: PartnerSignupRequest, file: UploadedFile): Promise<SignUpDone> {
  const id = randomUUID()
  const passwordHash = await hashPassword(form.password)
  const image = deps.uploads.saveImage(file, ["png", "jpeg"], "private")
  let user
  let queued = NOTHING_QUEUED
  try {
    user = await deps.db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, {
        id,
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
      const notices = await adminNotices(trx, {
        template: "partner.applied",
        entity: { type: "user", id: row.id },
        fields: { applicantName: row.name, applicantEmail: row.email, applicantRole: row.role, link: `${deps.publicUrl}/vendor-details/${row.id}` },
      })
      queued = await queueNotifications(trx, new Date(deps.now()), [receivedMail(deps, row), ...notices], deps.postman)
      return row
    })
  } catch (error) {
    deps.uploads.remove(image.name, "private")
    // Two sign-ups of one email at once: the second is answered as any sign-up of a known email.
    if (isUniqueViolation(error)) {
      const owner = await findUserByEmail(deps.db, form.email)
      if (owner) return answerExisting(deps, owner, form.password)
    }
    throw error
  }
  return { answer: received(user.id), delivery: deliverQueued(deps, queued) }
}

function receivedMail(deps: PartnerDeps, user: { id: string; name: string; email: string; role: string }): Notification {
  return {
    template: "partner.signedUp.received",
    entity: { type: "user", id: user.id },
    to: user.email,
    fields: { name: user.name, email: user.email, role: user.role, loginUrl: `${deps.publicUrl}/login`, profileUrl: `${deps.publicUrl}/profile` },
  }
}
