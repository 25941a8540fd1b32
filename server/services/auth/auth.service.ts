import type { Db } from "../../db/database.ts"
import { findUserByEmail, findUserById, setPasswordHash, toPerson, toSessionUser } from "../../db/repositories/users.repository.ts"
import { badRequest, notFound, unauthorized } from "../errors.ts"
import { appendEvent } from "../events.ts"
import { inConstantTime } from "../constant-time.ts"
import type { Mailer } from "../mail/mailer.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications, type Notification, type Queued } from "../notifications/queue.ts"
import type { LiveHub } from "../live/live-hub.ts"
import { startSessionTellingOfNewDevice } from "./new-device.ts"
import type { Postman } from "../notifications/postman.ts"
import type { UserRow } from "../../db/users.table.ts"
import type { LoginThrottle } from "./login-throttle.ts"
import { endSessions } from "./sessions.ts"
import { adminTwoFactorRequired } from "./security-settings.ts"
import type { TokenVersionStore } from "./token-versions.ts"
import { hasTwoFactor } from "./two-factor.repository.ts"
import { hashPassword, verifyPassword } from "./passwords.ts"
import { issueRefreshToken, newSessionStart, sessionOfFamily, type SessionStart } from "./refresh-tokens.ts"
import { hashToken, randomToken, type Caller, type TokenService } from "./tokens.ts"

const RESET_TOKEN_MS = 60 * 60 * 1000

export interface AuthDeps {
  db: Db
  tokens: TokenService
  limiter: LoginThrottle
  mailer: Mailer
  postman: Postman
  live: LiveHub
  publicUrl: string
  now: () => number
  tokenVersions: TokenVersionStore
}

export interface SignInRequest {
  email: string
  password: string
  address: string
  /** The device cookie the browser sent, if any. */
  deviceCookie: string | undefined
  userAgent: string | undefined
}

/**
 * POST /user/login. The throttle takes the attempt's try before any password is checked; the password is
 * checked against a hash of the same cost when the email is unknown, so both take as long. A full
 * sign-in answers a fresh device cookie for the route to set.
 */
export async function login(deps: AuthDeps, request: SignInRequest) {
  const attempt = { account: request.email.toLowerCase(), address: request.address, device: deps.tokens.verifyDevice(request.email, request.deviceCookie) }
  const tried = await deps.limiter.take(attempt)
  const user = await findUserByEmail(deps.db, request.email)
  const passwordOk = await verifyPassword(user?.password_hash ?? null, request.password)
  if (!user || !passwordOk) {
    await deps.limiter.fail(tried)
    throw unauthorized("Invalid email or password.")
  }
  if (user.status === "Reject") {
    await deps.limiter.giveBack(tried)
    throw unauthorized("Your account has been rejected. Please contact support.")
  }
  await deps.limiter.succeed(tried)
  const newDevice = deps.tokens.verifyDevice(user.email, request.deviceCookie) === null
  if (await hasTwoFactor(deps.db, user.id)) {
    // The password alone gives no token: only a challenge to exchange, with a code, for tokens.
    const challengeToken = await deps.tokens.signChallenge(user.id, newDevice)
    return {
      answer: { data: { twoFactorRequired: true as const, challengeToken }, message: "Enter the 6-digit code from your authenticator app." },
      deviceCookie: null,
    }
  }
  const mustEnrol = user.role === "Admin" && (await adminTwoFactorRequired(deps.db))
  const answer = newDevice
    ? await startSessionTellingOfNewDevice(deps, user, { address: request.address, userAgent: request.userAgent }, (trx) =>
        startSession({ ...deps, db: trx }, user, mustEnrol),
      )
    : await startSession(deps, user, mustEnrol)
  return { answer, deviceCookie: deps.tokens.signDevice(user.email) }
}

/**
 * Signs the tokens of a sign-in that has passed every step; an Admin who must enrol gets an enrolment-only
 * token. A new sign-in starts a refresh-token family ending 2 hours later; a renewed session (a password
 * change) passes the sign-in it continues, so its end does not move.
 */
export async function startSession(
  deps: Pick<AuthDeps, "db" | "tokens" | "now" | "tokenVersions">,
  user: UserRow,
  mustEnrol: boolean,
  session: SessionStart = newSessionStart(deps.now()),
) {
  const refreshToken = await issueRefreshToken(deps.db, user.id, session)
  const accessToken = await deps.tokens.signAccess({
    id: user.id,
    role: user.role,
    version: user.token_version,
    enrolOnly: mustEnrol,
    session: session.family,
    sessionEndsAt: session.endsAt,
  })
  // The row was just read: the session's first requests need not read it again.
  await deps.tokenVersions.remember(user.id, user.token_version)
  const data = { accessToken, refreshToken, user: toSessionUser(user) }
  return mustEnrol
    ? { data: { ...data, twoFactorSetupRequired: true as const }, message: "Two-factor sign-in is required for Admin accounts: set it up to continue." }
    : { data, message: "Login successful!" }
}

/** POST /user/logout: ends every session of the caller (see sessions.ts). */
export async function logout(deps: AuthDeps, caller: Caller) {
  const at = new Date(deps.now())
  const version = await deps.db.transaction().execute(async (trx) => {
    const next = await endSessions(trx, caller.id, at)
    await appendEvent(trx, { entityType: "user", entityId: caller.id, type: "user.loggedOut", actorId: caller.id })
    return next
  })
  await deps.tokenVersions.remember(caller.id, version)
  return { success: true, message: "Logged out successfully." }
}

/** How long every reset-link answer takes, known email or not (see constant-time.ts). */
export const RESET_LINK_ANSWER_MS = 250

/**
 * Same answer, in the same time, whether or not the email is known, so the call cannot be used to find
 * accounts. At most 3 links per email and 10 per address in an hour are mailed; past that the answer is
 * still the same, so the limit reveals nothing either.
 */
export async function sendResetLink(deps: AuthDeps & { log?: (message: string) => void }, email: string, address: string) {
  const work = async () => {
    if (!(await deps.limiter.allowResetMail(email.toLowerCase(), address))) return undefined
    const user = await findUserByEmail(deps.db, email)
    if (!user) return undefined
    // The link and its mail commit together: a link is never issued without its mail queued.
    const queued = await deps.db.transaction().execute(async (trx) => {
      const token = await issueResetToken({ ...deps, db: trx }, user.id)
      return queueNotifications(
        trx,
        new Date(deps.now()),
        [
          {
            template: "password.resetRequested",
            entity: { type: "user", id: user.id },
            to: user.email,
            title: "A link to reset your password was emailed to you",
            fields: { name: user.name, resetUrl: `${deps.publicUrl}/reset-password/${token}` },
          },
        ],
        deps.postman,
      )
    })
    return { followUp: deliverQueued(deps, queued) }
  }
  await inConstantTime(RESET_LINK_ANSWER_MS, work, (error) => deps.log?.(`reset link not mailed yet: ${(error as Error).message}`))
  return { success: true, message: "If an account exists for this email, a reset link has been sent." }
}

/** Also used for invitations (editors, clients given access): a set-password link is a reset link. */
export async function issueResetToken(deps: Pick<AuthDeps, "db" | "now">, userId: string): Promise<string> {
  const token = randomToken()
  await deps.db
    .insertInto("password_reset_tokens")
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: new Date(deps.now() + RESET_TOKEN_MS), used_at: null })
    .execute()
  return token
}

/**
 * Invites a new account (an editor, or a client given access) to choose a password: a
 * single-use set-password link, valid for 1 hour, through the same reset page. `deps.db` is the
 * caller's transaction, which queues the mail this answers.
 */
export async function setPasswordInvite(
  deps: Pick<AuthDeps, "db" | "now" | "publicUrl">,
  user: { id: string; name: string; email: string },
  invite: "editor.invited" | "access.sent",
): Promise<Notification> {
  const token = await issueResetToken(deps, user.id)
  return {
    template: invite,
    entity: { type: "user", id: user.id },
    to: user.email,
    title: invite === "editor.invited" ? "You were made an editor of the website content" : "You were given access to 1:1 counselling",
    fields: { name: user.name, setPasswordUrl: `${deps.publicUrl}/reset-password/${token}`, loginUrl: `${deps.publicUrl}/login` },
  }
}

/** The account's owner hears of every new password, so a change they did not make does not go unseen. */
const passwordChangedMail = (deps: Pick<AuthDeps, "publicUrl">, user: { id: string; name: string; email: string }, how: string): Notification => ({
  template: "password.changed",
  entity: { type: "user", id: user.id },
  to: user.email,
  fields: { name: user.name, how, loginUrl: `${deps.publicUrl}/login` },
})

export async function resetPassword(deps: AuthDeps, token: string, password: string, confirmPassword: string) {
  if (password !== confirmPassword) throw badRequest("Passwords do not match!")
  const passwordHash = await hashPassword(password)
  const now = new Date(deps.now())
  let queued = NOTHING_QUEUED
  const ended = await deps.db.transaction().execute(async (trx) => {
    // Marking the token used in the same statement that finds it makes it single-use under concurrency.
    const used = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: now })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("user_id")
      .executeTakeFirst()
    if (!used) throw badRequest("This reset link is invalid or has expired.")
    await setPasswordHash(trx, used.user_id, passwordHash)
    const version = await endSessions(trx, used.user_id, now)
    await appendEvent(trx, { entityType: "user", entityId: used.user_id, type: "user.passwordReset", actorId: used.user_id })
    const owner = await findUserById(trx, used.user_id)
    if (owner) queued = await queueNotifications(trx, now, [passwordChangedMail(deps, owner, "reset with an emailed link")], deps.postman)
    return { userId: used.user_id, version }
  })
  await deps.tokenVersions.remember(ended.userId, ended.version)
  await deliverQueued(deps, queued)
  return { success: true, message: "Password reset successfully." }
}

export const PASSWORD_UPDATED = "Password updated successfully."
export const OTHER_DEVICES_SIGNED_OUT = "You were signed out of every other device."
export const SAME_PASSWORD = "newPassword: New Password must be different from the Current Password."

/**
 * Ends every session of the caller, in one transaction with the event that says why, then starts one
 * for this device: the tokens it held were refused with the others, so it gets new ones in the answer.
 */
async function keepOnlyThisSession(
  deps: AuthDeps,
  caller: Caller,
  user: UserRow,
  type: "user.passwordChanged" | "user.otherSessionsEnded",
  change: (trx: Db) => Promise<Queued>,
) {
  // This device's sign-in keeps its 2-hour end, in a new family (the old one is revoked with the rest).
  const signIn = caller.session ? await sessionOfFamily(deps.db, caller.session) : undefined
  let queued = NOTHING_QUEUED
  const version = await deps.db.transaction().execute(async (trx) => {
    queued = await change(trx)
    const next = await endSessions(trx, user.id, new Date(deps.now()))
    await appendEvent(trx, { entityType: "user", entityId: user.id, type, actorId: user.id })
    return next
  })
  await deps.tokenVersions.remember(user.id, version)
  await deliverQueued(deps, queued)
  const { data } = await startSession(
    deps,
    { ...user, token_version: version },
    false,
    signIn ? { ...newSessionStart(deps.now()), endsAt: signIn.endsAt } : undefined,
  )
  return data
}

export async function updatePassword(deps: AuthDeps, caller: Caller, oldPassword: string, newPassword: string) {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw unauthorized()
  if (!(await verifyPassword(user.password_hash, oldPassword))) throw badRequest("oldPassword: Current password is incorrect.")
  if (newPassword === oldPassword) throw badRequest(SAME_PASSWORD)
  const passwordHash = await hashPassword(newPassword)
  const data = await keepOnlyThisSession(deps, caller, user, "user.passwordChanged", async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash)
    return queueNotifications(trx, new Date(deps.now()), [passwordChangedMail(deps, user, "changed from your profile")], deps.postman)
  })
  return { success: true, message: PASSWORD_UPDATED, data }
}

/** POST /user/logout-others: "Sign out of other devices" in the user menu. */
export async function logoutOtherDevices(deps: AuthDeps, caller: Caller) {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw unauthorized()
  const data = await keepOnlyThisSession(deps, caller, user, "user.otherSessionsEnded", async () => NOTHING_QUEUED)
  return { success: true, message: OTHER_DEVICES_SIGNED_OUT, data }
}

export async function getProfile(deps: Pick<AuthDeps, "db">, caller: Caller) {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw notFound("User not found.")
  return { success: true, data: toPerson(user) }
}
