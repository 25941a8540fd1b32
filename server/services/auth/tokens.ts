import { createHash, randomBytes } from "node:crypto"
import { SignJWT, jwtVerify } from "jose"
import { Role } from "../../../src/api/contract/common.ts"
import { Schema } from "effect"

export const ACCESS_TOKEN_SECONDS = 2 * 60 * 60
export const REFRESH_TOKEN_DAYS = 30

const ALGORITHM = "HS256"

const AccessClaims = Schema.Struct({ sub: Schema.String, role: Role, typ: Schema.Literal("access") })
export interface Caller {
  id: string
  role: Role
}

export interface TokenService {
  signAccess(caller: Caller): Promise<string>
  verifyAccess(token: string): Promise<Caller | null>
}

/** Verified tokens kept at most; past it the oldest is dropped (a Map iterates in insertion order). */
const VERIFIED_CACHE_SIZE = 10_000

/**
 * HS256 pinned: tokens with `alg: none`, another algorithm, a wrong key or a past `exp` all fail.
 * A token that verified is remembered until its `exp`: verification only depends on the token, the
 * key and the clock, and checking the HMAC on every call was most of the cost of a 304 ticket poll.
 */
export function tokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret)
  const verified = new Map<string, { caller: Caller; expiresAt: number }>()
  const remember = rememberIn(verified)
  return {
    async signAccess(caller) {
      const issuedAt = Math.floor(now() / 1000)
      return new SignJWT({ role: caller.role, typ: "access" })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(caller.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .sign(key)
    },
    async verifyAccess(token) {
      const known = verified.get(token)
      if (known) {
        if (now() < known.expiresAt) return known.caller
        verified.delete(token)
        return null
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: new Date(now()) })
        const claims = Schema.decodeUnknownSync(AccessClaims)(payload)
        const caller = { id: claims.sub, role: claims.role }
        if (typeof payload.exp === "number") remember(token, caller, payload.exp * 1000)
        return caller
      } catch {
        return null
      }
    },
  }
}

function rememberIn(verified: Map<string, { caller: Caller; expiresAt: number }>) {
  return (token: string, caller: Caller, expiresAt: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!)
    verified.set(token, { caller, expiresAt })
  }
}

/** 32 random bytes: the secret that goes out in a link or to the client. */
export const randomToken = (): string => randomBytes(32).toString("base64url")

/** What the database keeps instead of the token itself. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")
