import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Db } from "../db/database.ts"
import { checkTokenVersion } from "../services/auth/sessions.ts"
import type { TokenVersionStore } from "../services/auth/token-versions.ts"
import type { AccessToken, Caller, TokenService } from "../services/auth/tokens.ts"

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null
    /** An Admin who must enrol two-factor first: route.ts lets such a caller reach only enrolment. */
    enrolOnly: boolean
  }
}

export const INVALID_TOKEN = "Unauthorized: the sign-in token is invalid or has expired. Please sign in again."
export const ENDED_SESSION = "Unauthorized: this session has ended (signed out, password changed or account rejected). Please sign in again."
export const UNKNOWN_ACCOUNT = "Unauthorized: this account no longer exists."

export const BEARER = /^Bearer (\S+)$/i

type AuthDeps = { tokens: TokenService; tokenVersions: TokenVersionStore; db: Db }

/**
 * Reads the Bearer token into `request.caller`. A present but invalid token is a 401 even on
 * public calls, so a console holding a dead session learns it at once and logs out. A valid
 * signature is not enough: the token's version must still be the user's (see sessions.ts).
 * A callback hook, not an async one: a token this process verified before, of a user whose version it
 * holds, is admitted without a promise (most requests, every chat poll); anything else is checked in full.
 */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest("caller", null)
  app.decorateRequest("enrolOnly", false)
  const admit = (request: FastifyRequest, token: AccessToken) => {
    request.caller = { id: token.id, role: token.role, ...(token.session ? { session: token.session } : {}) }
    request.enrolOnly = token.enrolOnly
  }
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/api/")) return done()
    const header = request.headers.authorization
    if (!header) return done()
    const raw = BEARER.exec(header)?.[1]
    const known = knownToken(deps, raw)
    if (known) {
      admit(request, known)
      return done()
    }
    authenticate(deps, raw).then((result) => {
      if (typeof result === "string") return void reply.status(401).send({ success: false, message: result })
      admit(request, result)
      done()
    }, done)
  })
}

/**
 * The check without a promise: a token this process verified before, of a user whose token version it holds and
 * still matches; undefined when the whole check is needed. The ticket poll in front of fastify uses it too.
 */
export function knownToken(
  deps: { tokens: Pick<TokenService, "knownAccess">; tokenVersions: Pick<TokenVersionStore, "peek"> },
  raw: string | undefined,
): AccessToken | undefined {
  const known = raw ? deps.tokens.knownAccess(raw) : null
  return known && deps.tokenVersions.peek(known.id) === known.version ? known : undefined
}

/** The whole check: the signature (unless known), then the version against the store or the row. */
async function authenticate(deps: AuthDeps, raw: string | undefined): Promise<AccessToken | string> {
  const token = raw ? await deps.tokens.verifyAccess(raw) : null
  if (!token) return INVALID_TOKEN
  const check = await checkTokenVersion(deps.db, deps.tokenVersions, token)
  if (check !== "valid") return check === "revoked" ? ENDED_SESSION : UNKNOWN_ACCOUNT
  return token
}
