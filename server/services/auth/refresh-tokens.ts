import { randomUUID } from "node:crypto"
import type { Db } from "../../db/database.ts"
import { findUserById, toSessionUser } from "../../db/repositories/users.repository.ts"
import { unauthorized } from "../errors.ts"
import { appendEvent } from "../events.ts"
import { adminTwoFactorRequired } from "./security-settings.ts"
import { SESSION_SECONDS, hashToken, randomToken, type TokenService } from "./tokens.ts"
import { hasTwoFactor } from "./two-factor.repository.ts"
import type { TokenVersionStore } from "./token-versions.ts"

/**
 * Refresh-token rotation (OAuth 2.0 Security BCP, section 4.14): each refresh answers a new refresh
 * token and retires the one it was given. A retired token presented again was copied (or the answer
 * to its refresh was lost): the whole sign-in's family is revoked, so neither copy can go on. Tabs of
 * one sign-in refresh at the same moment (their tokens end together), and a hidden tab's timer may fire a
 * minute late, so a retired token is still exchanged within REUSE_GRACE_MS of its retirement.
 */
export const REUSE_GRACE_MS = 2 * 60 * 1000

export const SESSION_ENDED = "Your session has ended. Please sign in again."

export interface RefreshDeps {
  db: Db
  tokens: TokenService
  now: () => number
  tokenVersions: TokenVersionStore
}

export interface SessionStart {
  /** The sign-in's family; a new sign-in has a new one. */
  family: string
  /** The sign-in's end (ms): 2 hours after it, kept by every refresh and by a password change. */
  endsAt: number
}

export const newSessionStart = (now: number): SessionStart => ({ family: randomUUID(), endsAt: now + SESSION_SECONDS * 1000 })

/** A new refresh token of the family, stored only as its SHA-256. */
export async function issueRefreshToken(db: Db, userId: string, session: SessionStart): Promise<string> {
  const refreshToken = randomToken()
  const endsAt = new Date(session.endsAt)
  await db
    .insertInto("refresh_tokens")
    .values({ token_hash: hashToken(refreshToken), user_id: userId, family_id: session.family, session_ends_at: endsAt, expires_at: endsAt, revoked_at: null })
    .execute()
  return refreshToken
}

/** When the sign-in a family belongs to ends; undefined for an unknown family. */
export async function sessionOfFamily(db: Db, family: string): Promise<SessionStart | undefined> {
  const row = await db.selectFrom("refresh_tokens").select("session_ends_at").where("family_id", "=", family).limit(1).executeTakeFirst()
  return row ? { family, endsAt: new Date(row.session_ends_at).getTime() } : undefined
}

type Exchange = { kind: "renewed"; userId: string; session: SessionStart; refreshToken: string } | { kind: "ended" } | { kind: "reused" }

/** POST /user/refresh-token: a new access token and a new refresh token, in exchange for the current one. */
export async function refreshSession(deps: RefreshDeps, presented: string) {
  const now = deps.now()
  const exchange = await deps.db.transaction().execute(async (trx): Promise<Exchange> => {
    const row = await trx.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", hashToken(presented)).forUpdate().executeTakeFirst()
    if (!row || row.revoked_at !== null) return { kind: "ended" }
    const session = { family: row.family_id, endsAt: new Date(row.session_ends_at).getTime() }
    if (session.endsAt <= now) return { kind: "ended" }
    if (row.replaced_at !== null && now - new Date(row.replaced_at).getTime() > REUSE_GRACE_MS) {
      await trx
        .updateTable("refresh_tokens")
        .set({ revoked_at: new Date(now) })
        .where("family_id", "=", row.family_id)
        .where("revoked_at", "is", null)
        .execute()
      await appendEvent(trx, { entityType: "user", entityId: row.user_id, type: "user.refreshTokenReused", actorId: null })
      return { kind: "reused" }
    }
    if (row.replaced_at === null)
      await trx
        .updateTable("refresh_tokens")
        .set({ replaced_at: new Date(now) })
        .where("token_hash", "=", row.token_hash)
        .execute()
    return { kind: "renewed", userId: row.user_id, session, refreshToken: await issueRefreshToken(trx, row.user_id, session) }
  })
  if (exchange.kind !== "renewed") throw unauthorized(SESSION_ENDED)
  const user = await findUserById(deps.db, exchange.userId)
  if (!user || user.status === "Reject") throw unauthorized(SESSION_ENDED)
  // An Admin who must set up two-factor first keeps an enrolment-only token: a refresh is no way around it.
  const enrolOnly = user.role === "Admin" && !(await hasTwoFactor(deps.db, user.id)) && (await adminTwoFactorRequired(deps.db))
  const accessToken = await deps.tokens.signAccess({
    id: user.id,
    role: user.role,
    version: user.token_version,
    enrolOnly,
    session: exchange.session.family,
    sessionEndsAt: exchange.session.endsAt,
  })
  await deps.tokenVersions.remember(user.id, user.token_version)
  return { success: true, message: "Session renewed.", data: { accessToken, refreshToken: exchange.refreshToken, user: toSessionUser(user) } }
}
