import QRCode from "qrcode"
import { findUserById } from "../../db/repositories/users.repository.ts"
import { badRequest, conflict, unauthorized } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { startSession, type AuthDeps } from "./auth.service.ts"
import { startSessionTellingOfNewDevice } from "./new-device.ts"
import { verifyPassword } from "./passwords.ts"
import { adminTwoFactorRequired } from "./security-settings.ts"
import type { Caller } from "./tokens.ts"
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri } from "./totp.ts"
import { findTotp, recoveryCodesLeft, useRecoveryCode, useStep } from "./two-factor.repository.ts"

const ISSUER = "Console"
const INVALID_CODE = "code: The code is not valid (or was already used). Enter the current 6-digit code."

export async function twoFactorStatus(deps: Pick<AuthDeps, "db">, caller: Caller) {
  const totp = await findTotp(deps.db, caller.id)
  const enabled = totp?.enabled_at != null
  const required = caller.role === "Admin" && (await adminTwoFactorRequired(deps.db))
  return { success: true, data: { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(deps.db, caller.id) : 0, required } }
}

/** A fresh secret replaces any earlier unconfirmed one; an enabled one must be turned off first. */
export async function startTwoFactor(deps: Pick<AuthDeps, "db">, caller: Caller) {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw unauthorized()
  const existing = await findTotp(deps.db, caller.id)
  if (existing?.enabled_at != null) throw conflict("Two-factor sign-in is already on. Turn it off first to set up a new authenticator.")
  const secret = newTotpSecret()
  await deps.db
    .insertInto("user_totp")
    .values({ user_id: caller.id, secret, enabled_at: null, last_step: null })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret, enabled_at: null, last_step: null }))
    .execute()
  const uri = otpauthUri(ISSUER, user.email, secret)
  const qrCodeDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 200 })
  return {
    success: true,
    message: "Scan the QR code with your authenticator app, then enter the code it shows.",
    data: { secret, otpauthUri: uri, qrCodeDataUrl },
  }
}

/** Confirms enrolment with a first code: two-factor is on from the next sign-in; recovery codes are answered once. */
export async function enableTwoFactor(deps: Pick<AuthDeps, "db" | "now">, caller: Caller, code: string) {
  const totp = await findTotp(deps.db, caller.id)
  if (!totp) throw conflict("Start the two-factor set-up first.")
  if (totp.enabled_at != null) throw conflict("Two-factor sign-in is already on.")
  const step = matchingStep(totp.secret, code, deps.now(), null)
  if (step === null) throw badRequest(INVALID_CODE)
  const recoveryCodes = newRecoveryCodes()
  const at = new Date(deps.now())
  await deps.db.transaction().execute(async (trx) => {
    const before = await snapshotOf(trx, "user", caller.id)
    await trx.updateTable("user_totp").set({ enabled_at: at, last_step: step }).where("user_id", "=", caller.id).execute()
    await trx.deleteFrom("user_recovery_codes").where("user_id", "=", caller.id).execute()
    await trx
      .insertInto("user_recovery_codes")
      .values(recoveryCodes.map((c) => ({ user_id: caller.id, code_hash: hashRecoveryCode(caller.id, c), used_at: null })))
      .execute()
    // The secret and the codes live in their own tables, not in the user's row: like a password change,
    // the event says what happened and carries no fields (no secret or code enters the event log).
    await recordChange(trx, { entityType: "user", entityId: caller.id, type: "user.totp.enabled", actorId: caller.id, before })
  })
  return { success: true, message: "Two-factor sign-in is on. Keep these recovery codes somewhere safe: they are shown only once.", data: { recoveryCodes } }
}

/** Turning off takes the password and a current code (or an unused recovery code). */
export async function disableTwoFactor(deps: Pick<AuthDeps, "db" | "now">, caller: Caller, password: string, code: string) {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw unauthorized()
  const totp = await findTotp(deps.db, caller.id)
  if (totp?.enabled_at == null) throw conflict("Two-factor sign-in is not on.")
  if (caller.role === "Admin" && (await adminTwoFactorRequired(deps.db)))
    throw conflict("Two-factor sign-in is required for Admin accounts and cannot be turned off.")
  if (!(await verifyPassword(user.password_hash, password))) throw badRequest("password: The password is incorrect.")
  await deps.db.transaction().execute(async (trx) => {
    // A recovery code also works: the person who lost the phone signs in with one, then turns it off. The
    // code is spent in the change it allows, so a change that fails leaves the code as unused as the rest.
    if (!(await codeAccepted({ ...deps, db: trx }, caller.id, totp.secret, totp.last_step, code))) throw badRequest(INVALID_CODE)
    const before = await snapshotOf(trx, "user", caller.id)
    await trx.deleteFrom("user_totp").where("user_id", "=", caller.id).execute()
    await trx.deleteFrom("user_recovery_codes").where("user_id", "=", caller.id).execute()
    await recordChange(trx, { entityType: "user", entityId: caller.id, type: "user.totp.disabled", actorId: caller.id, before })
  })
  return { success: true, message: "Two-factor sign-in is off." }
}

/**
 * The second sign-in step. Wrong codes count in the sign-in throttle per account (whatever the address
 * or device: only someone with the password gets here) and per address, so 6 digits cannot be guessed:
 * after 5 wrong codes the account's codes are refused with 429 for a while.
 */
export async function loginWithCode(deps: AuthDeps, challengeToken: string, code: string, from: { address: string; userAgent: string | undefined }) {
  const challenge = await deps.tokens.verifyChallenge(challengeToken)
  if (!challenge) throw unauthorized("The sign-in step has expired. Please sign in again with your email and password.")
  const { userId } = challenge
  const attempt = { account: `two-factor:${userId}`, address: from.address, device: null, code: true }
  const tried = await deps.limiter.take(attempt)
  const user = await findUserById(deps.db, userId)
  const totp = await findTotp(deps.db, userId)
  if (!user || totp?.enabled_at == null || user.status === "Reject") {
    await deps.limiter.giveBack(tried)
    throw unauthorized("The sign-in step has expired. Please sign in again with your email and password.")
  }
  if (!(await codeAccepted(deps, userId, totp.secret, totp.last_step, code))) {
    await deps.limiter.fail(tried)
    throw unauthorized("Invalid code. Enter the current 6-digit code from your authenticator app, or a recovery code.")
  }
  await deps.limiter.succeed(tried)
  const answer = challenge.newDevice
    ? await startSessionTellingOfNewDevice(deps, user, from, (trx) => startSession({ ...deps, db: trx }, user, false))
    : await startSession(deps, user, false)
  return { answer, deviceCookie: deps.tokens.signDevice(user.email) }
}

async function codeAccepted(deps: Pick<AuthDeps, "db" | "now">, userId: string, secret: string, lastStep: string | null, code: string): Promise<boolean> {
  const trimmed = code.replace(/\s/g, "")
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchingStep(secret, trimmed, deps.now(), lastStep === null ? null : Number(lastStep))
    return step !== null && (await useStep(deps.db, userId, step))
  }
  return useRecoveryCode(deps.db, userId, hashRecoveryCode(userId, trimmed), new Date(deps.now()))
}
