import { createHash, randomBytes } from "node:crypto"
import { SignJWT, jwtVerify } from "jose"
import { Role } from "../../../src/api/contract/common.ts"
import { Schema } from "effect"

export const ACCESS_TOKEN_SECONDS = 2 * 60 * 60
export const REFRESH_TOKEN_DAYS = 30
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
})
const ChallengeClaims = Schema.Struct({ sub: Schema.String, typ: Schema.Literal("totp-challenge") })

export interface Caller {
  id: string
  role: Role
}

/** What a valid access token says; the version is checked against the user row by the auth plugin. */
export interface AccessToken extends Caller {
  version: number
  enrolOnly: boolean
}

export interface TokenService {
  signAccess(caller: Caller & { version: number; enrolOnly?: boolean }): Promise<string>
  verifyAccess(token: string): Promise<AccessToken | null>
  /** The proof that the password was right, exchanged with a TOTP code for tokens; never an access token. */
  signChallenge(userId: string): Promise<string>
  verifyChallenge(token: string): Promise<string | null>
}

/**
 * HS256 pinned: tokens with `alg: none`, another algorithm, a wrong key, a past `exp`, a future
 * `nbf`/`iat`, or another type (`typ` access vs totp-challenge) all fail.
 */
export function tokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret)
  const sign = (claims: Record<string, unknown>, subject: string, seconds: number) => {
    const issuedAt = Math.floor(now() / 1000)
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + seconds)
      .sign(key)
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
      sign({ role: caller.role, typ: "access", ver: caller.version, ...(caller.enrolOnly ? { enrol: true } : {}) }, caller.id, ACCESS_TOKEN_SECONDS),
    async verifyAccess(token) {
      const claims = await verify(token, AccessClaims)
      return claims ? { id: claims.sub, role: claims.role, version: claims.ver, enrolOnly: claims.enrol === true } : null
    },
    signChallenge: (userId) => sign({ typ: "totp-challenge" }, userId, CHALLENGE_TOKEN_SECONDS),
    async verifyChallenge(token) {
      return (await verify(token, ChallengeClaims))?.sub ?? null
    },
  }
}

/** 32 random bytes: the secret that goes out in a link or to the client. */
export const randomToken = (): string => randomBytes(32).toString("base64url")

/** What the database keeps instead of the token itself. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")
