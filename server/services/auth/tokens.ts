import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { SignJWT, jwtVerify } from "jose"
import { Role } from "../../../src/api/contract/common.ts"
import { Schema } from "effect"

/**
 * An access token lives 15 minutes: a copied one is soon useless. The console renews it with its refresh
 * token (POST /user/refresh-token) a minute before it ends, until the sign-in's 2 hours are over.
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60
/** Spec section 9: the session ends 2 hours after sign-in; no refresh reaches past it. */
export const SESSION_SECONDS = 2 * 60 * 60
/** The second sign-in step must follow the password within 5 minutes. */
export const CHALLENGE_TOKEN_SECONDS = 5 * 60

const ALGORITHM = "HS256"

const AccessClaims = Schema.Struct({
  sub: Schema.String,
  role: Role,
  typ: Schema.Literal("access"),
  /** The user's token version when signed: a bump on the user row revokes every older token. */
  ver: Schema.Int,
  /** Set for an Admin who must enrol two-factor first: the token reaches only the enrolment calls. */
  enrol: Schema.optional(Schema.Literal(true)),
  /** The sign-in (refresh-token family) this token belongs to; tokens from before rotation have none. */
  sid: Schema.optional(Schema.String),
  exp: Schema.Number,
})
const ChallengeClaims = Schema.Struct({
  sub: Schema.String,
  typ: Schema.Literal("totp-challenge"),
  /** The password step came from a browser without this account's device cookie: the sign-in is told of once it completes. */
  nd: Schema.optional(Schema.Literal(true)),
})

export interface Caller {
  id: string
  role: Role
  /** The sign-in (refresh-token family) the caller's token belongs to. */
  session?: string
}

/** What a valid access token says; the version is checked against the user row by the auth plugin. */
export interface AccessToken extends Caller {
  version: number
  enrolOnly: boolean
  /** The sign-in it belongs to (its refresh-token family), when it carries one. */
  session?: string
}

export interface TokenService {
  /** Lives ACCESS_TOKEN_SECONDS, never past `sessionEndsAt` (ms) when given. */
  signAccess(caller: Caller & { version: number; enrolOnly?: boolean; session?: string; sessionEndsAt?: number }): Promise<string>
  verifyAccess(token: string): Promise<AccessToken | null>
  /**
   * What this process already knows of a token without any work: the access it verified before
   * (still unexpired), null once expired, undefined when never seen (then `verifyAccess`).
   */
  knownAccess(token: string): AccessToken | null | undefined
  /** The proof that the password was right, exchanged with a TOTP code for tokens; never an access token. */
  signChallenge(userId: string, newDevice: boolean): Promise<string>
  verifyChallenge(token: string): Promise<{ userId: string; newDevice: boolean } | null>
  /**
   * A device cookie (OWASP's defence against lockout DoS): proof that this browser signed in to
   * `account` before. Its value is a random device id and an HMAC binding it to the account.
   */
  signDevice(account: string): string
  /** The device id when `cookie` was signed for `account`, else null. */
  verifyDevice(account: string, cookie: string | undefined): string | null
}

/** Verified access tokens kept at most; past it the oldest is dropped (a Map iterates in insertion order). */
const VERIFIED_CACHE_SIZE = 10_000

/**
 * HS256 pinned: tokens with `alg: none`, another algorithm, a wrong key, a past `exp`, a future
 * `nbf`/`iat`, or another type (`typ` access vs totp-challenge) all fail.
 * An access token that verified is remembered until its `exp`: its signature and claims only depend on
 * the token, the key and the clock, and checking the HMAC on every call was most of the cost of a 304
 * ticket poll. Revocation is not the signature's business: the auth plugin checks the token's version
 * against the user's on every request, cached or not.
 */
export function tokenService(secret: string, now: () => number = Date.now, accessSeconds = ACCESS_TOKEN_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret)
  const verified = new Map<string, { token: AccessToken; expiresAt: number }>()
  const sign = (claims: Record<string, unknown>, subject: string, seconds: number) => {
    const issuedAt = Math.floor(now() / 1000)
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + seconds)
      .sign(key)
  }
  const knownAccess = (token: string): AccessToken | null | undefined => {
    const known = verified.get(token)
    if (!known) return undefined
    if (now() < known.expiresAt) return known.token
    verified.delete(token)
    return null
  }
  const verify = async <A>(token: string, claims: Schema.Codec<A>): Promise<A | null> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: new Date(now()), requiredClaims: ["exp", "iat", "sub"] })
      // A token "issued" in the future was not issued by this server's clock (1 minute of skew allowed).
      if ((payload.iat ?? 0) * 1000 > now() + 60_000) return null
      return Schema.decodeUnknownSync(claims)(payload)
    } catch {
      return null
    }
  }
  return {
    signAccess: (caller) =>
      sign(
        {
          role: caller.role,
          typ: "access",
          ver: caller.version,
          ...(caller.enrolOnly ? { enrol: true } : {}),
          ...(caller.session ? { sid: caller.session } : {}),
        },
        caller.id,
        caller.sessionEndsAt === undefined
          ? accessSeconds
          : Math.max(1, Math.min(accessSeconds, Math.floor(caller.sessionEndsAt / 1000) - Math.floor(now() / 1000))),
      ),
    knownAccess,
    async verifyAccess(token) {
      const known = knownAccess(token)
      if (known !== undefined) return known
      const claims = await verify(token, AccessClaims)
      if (!claims) return null
      const access = {
        id: claims.sub,
        role: claims.role,
        version: claims.ver,
        enrolOnly: claims.enrol === true,
        ...(claims.sid ? { session: claims.sid } : {}),
      }
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!)
      verified.set(token, { token: access, expiresAt: claims.exp * 1000 })
      return access
    },
    signChallenge: (userId, newDevice) => sign({ typ: "totp-challenge", ...(newDevice ? { nd: true } : {}) }, userId, CHALLENGE_TOKEN_SECONDS),
    signDevice(account) {
      const device = randomBytes(16).toString("base64url")
      return `${device}.${deviceMac(secret, account, device)}`
    },
    verifyDevice(account, cookie) {
      const [device, mac, extra] = (cookie ?? "").split(".")
      if (!device || !mac || extra !== undefined) return null
      const expected = Buffer.from(deviceMac(secret, account, device))
      const given = Buffer.from(mac)
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : null
    },
    async verifyChallenge(token) {
      const claims = await verify(token, ChallengeClaims)
      return claims ? { userId: claims.sub, newDevice: claims.nd === true } : null
    },
  }
}

/** Bound to the account by its lower-cased email, so one device cookie vouches for one account only. */
const deviceMac = (secret: string, account: string, device: string) =>
  createHmac("sha256", secret).update(`device\n${account.toLowerCase()}\n${device}`).digest("base64url")

/** 32 random bytes: the secret that goes out in a link or to the client. */
export const randomToken = (): string => randomBytes(32).toString("base64url")

/** What the database keeps instead of the token itself. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")
