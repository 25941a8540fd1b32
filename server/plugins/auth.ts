import type { FastifyInstance } from "fastify"
import type { Caller, TokenService } from "../services/auth/tokens.ts"

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null
  }
}

/**
 * Reads the Bearer token into `request.caller`. A present but invalid token is a 401 even on
 * public calls, so a console holding a dead session learns it at once and logs out.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest("caller", null)
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return
    const header = request.headers.authorization
    if (!header) return
    const match = /^Bearer (\S+)$/i.exec(header)
    const caller = match?.[1] ? await tokens.verifyAccess(match[1]) : null
    if (!caller) return reply.status(401).send({ success: false, message: "Unauthorized" })
    request.caller = caller
  })
}
