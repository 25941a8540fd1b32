import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/endpoints/live.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { checkTokenVersion } from "../services/auth/sessions.ts"
import type { Caller } from "../services/auth/tokens.ts"

const PING_MS = 20_000
const RECHECK_MS = 10_000
const LIFETIME_MS = 10 * 60_000
const BEARER = /^Bearer (\S+)$/i

/**
 * GET /live: the tab's event stream (issue 23). The route plugin has checked the token; it is checked
 * again every 10 s (a logout, a password change elsewhere or the token's end closes the stream), and the
 * stream ends after 10 minutes so a tab always reconnects with its current token. The stream writes
 * its own headers: fastify's reply hooks do not run on a hijacked reply.
 */
export function liveRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.liveEvents, async ({ caller, request, reply }) => {
    const raw = BEARER.exec(request.headers.authorization ?? "")?.[1] ?? ""
    reply.hijack()
    const out = reply.raw
    out.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // Proxies (nginx) must pass each event on at once.
      "x-accel-buffering": "no",
      "x-request-id": request.id,
    })
    out.write(": connected\n\n")
    let ended = false
    const timers: NodeJS.Timeout[] = []
    const end = () => {
      if (ended) return
      ended = true
      for (const timer of timers) clearInterval(timer)
      unsubscribe()
      stopEnding()
      // The connection goes with the stream: kept alive, a connection whose tab went away would hold
      // the server's stop until its keep-alive ran out.
      // (An injected request, in tests, has a stand-in socket that cannot be destroyed.)
      const socket = request.raw.socket as { destroy?: () => void } | null
      const drop = () => (typeof socket?.destroy === "function" ? socket.destroy() : undefined)
      if (out.writableEnded || out.destroyed) drop()
      else out.end(drop)
    }
    const unsubscribe = deps.live.subscribe({
      userId: (caller as Caller).id,
      role: (caller as Caller).role,
      send: (frame) => {
        if (!ended) out.write(frame)
      },
    })
    const stopEnding = deps.live.onEnd(end)
    timers.push(setInterval(() => out.write(": ping\n\n"), PING_MS))
    timers.push(
      setInterval(() => {
        void stillValid(deps, raw).then((valid) => valid || end(), end)
      }, RECHECK_MS),
    )
    timers.push(setTimeout(end, LIFETIME_MS))
    // The response's close is the connection's: the tab went away (a request's own close may come sooner).
    out.on("close", end)
    out.on("error", end)
    return reply
  })
}

async function stillValid(deps: RouteDeps, raw: string): Promise<boolean> {
  const token = await deps.tokens.verifyAccess(raw)
  return token !== null && (await checkTokenVersion(deps.db, deps.tokenVersions, token)) === "valid"
}
