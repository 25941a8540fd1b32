import type { FastifyInstance } from "fastify"
import type { Db } from "../db/database.ts"
import { checkTokenVersion } from "../services/auth/sessions.ts"
import type { TokenVersionStore } from "../services/auth/token-versions.ts"
import type { Caller, TokenService } from "../services/auth/tokens.ts"

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

/**
 * Reads the Bearer token into `request.caller`. A present but invalid token is a 401 even on
 * public calls, so a console holding a dead session learns it at once and logs out. A valid
 * signature is not enough: the token's version must still be the user's (see sessions.ts).
 */
export function registerAuth(app: FastifyInstance, deps: { tokens: TokenService; tokenVersions: TokenVersionStore; db: Db }): void {
  app.decorateRequest("caller", null)
  app.decorateRequest("enrolOnly", false)
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return
    const header = request.headers.authorization
    if (!header) return
    const match = /^Bearer (\S+)$/i.exec(header)
    const token = match?.[1] ? await deps.tokens.verifyAccess(match[1]) : null
    if (!token) return reply.status(401).send({ success: false, message: INVALID_TOKEN })
    const check = await checkTokenVersion(deps.db, deps.tokenVersions, token)
    if (check !== "valid") return reply.status(401).send({ success: false, message: check === "revoked" ? ENDED_SESSION : UNKNOWN_ACCOUNT })
    request.caller = { id: token.id, role: token.role }
    request.enrolOnly = token.enrolOnly
  })
}
