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

/** HS256 pinned: tokens with `alg: none`, another algorithm, a wrong key or a past `exp` all fail. */
export function tokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret)
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: new Date(now()) })
        const claims = Schema.decodeUnknownSync(AccessClaims)(payload)
        return { id: claims.sub, role: claims.role }
      } catch {
        return null
      }
    },
  }
}

/** 32 random bytes: the secret that goes out in a link or to the client. */
export const randomToken = (): string => randomBytes(32).toString("base64url")

/** What the database keeps instead of the token itself. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")
