import { createReadStream, existsSync } from "node:fs"
import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/tickets/ticket.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { withRequestLog } from "./request-mail-log.ts"
import { sendNotModified } from "../plugins/security-headers.ts"
import { notFound } from "../services/errors.ts"
import * as commands from "../services/tickets/ticket.commands.ts"
import * as queries from "../services/tickets/ticket.queries.ts"
import { memoryThreadCache } from "../services/tickets/thread-cache.ts"
import { THREAD_CACHE_CONTROL } from "../services/tickets/ticket-versions.ts"

/** Support tickets. The chat's version store comes with the deps: in memory, or Redis with several instances. */
export function ticketRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const ticketDeps = {
    db: deps.db,
    uploads: deps.uploads,
    now: deps.now,
    mailer: deps.mailer,
    postman: deps.postman,
    publicUrl: deps.publicUrl,
    live: deps.live,
    versions: deps.ticketVersions,
    threads: memoryThreadCache(),
  }
  route(app, api.getTickets, ({ caller, query }) => queries.getTickets(ticketDeps, caller, query))
  route(app, api.createTicket, ({ caller, body, files, request }) => commands.createTicket(withRequestLog(ticketDeps, request), caller, body, files))
  route(app, api.closeTicket, ({ caller, body, request }) => commands.closeTicket(withRequestLog(ticketDeps, request), caller, body.queryId))
  route(app, api.addResponse, ({ caller, body, request }) => commands.addResponse(withRequestLog(ticketDeps, request), caller, body))
  route(app, api.giveFeedback, ({ caller, body, request }) => commands.giveFeedback(withRequestLog(ticketDeps, request), caller, body))

  route(app, api.fetchResponse, async ({ caller, params, request, reply }) => {
    const result = await queries.fetchThread(ticketDeps, caller, params.queryId, request.headers["if-none-match"])
    // The console revalidates every poll; the answer is personal, so no shared cache may keep it.
    reply.header("etag", result.etag).header("cache-control", THREAD_CACHE_CONTROL)
    if (result.notModified) return sendNotModified(reply)
    return result.answer
  })

  route(app, api.ticketAttachment, async ({ caller, params, reply }) => {
    const file = await queries.getAttachment(ticketDeps, caller, params.queryId)
    const path = deps.uploads.pathOf(file.name, "private")
    if (!existsSync(path)) throw notFound("This ticket has no attachment.")
    return reply
      .header("content-type", file.contentType)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", `inline; filename="${file.fileName}"`)
      .header("cache-control", "private, no-store")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(createReadStream(path))
  })
}
