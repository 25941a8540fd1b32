import type { FastifyInstance, FastifyRequest } from "fastify"
import type { AccessKind } from "../../src/api/contract/audit/access-log.ts"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { auditEndpoints } from "../../src/api/contract/audit/audit.endpoints.ts"
import type { Db } from "../db/database.ts"
import { insertAccessEntry } from "../db/repositories/access-log.repository.ts"
import { scrubUrl } from "./logging.ts"

const API_PREFIX = "/api/v1"
const AUDIT_READS = new Set(auditEndpoints.filter((e) => e.method === "GET").map((e) => e.name))
const byRoute = new Map(endpoints.map((e) => [`${e.method} ${API_PREFIX}${e.path}`, e]))

/** Long enough for any message the server gives; a crafted body cannot fill the log with it. */
const MAX_DETAIL = 500
const MAX_EMAIL = 254

interface Entry {
  kind: AccessKind
  endpoint: Endpoint | undefined
  detail: string
}

/** What of this answer goes in the access log, if anything (see src/api/contract/audit/access-log.ts). */
function entryOf(request: FastifyRequest, status: number, payload: unknown): Entry | null {
  if (!request.url.startsWith(`${API_PREFIX}/`)) return null
  const endpoint = byRoute.get(`${request.method} ${request.routeOptions.url ?? ""}`)
  if (endpoint?.signIn && status >= 400 && status < 500) return { kind: "signInFailed", endpoint, detail: messageOf(payload) }
  if (status === 403 || status === 409) return { kind: "refused", endpoint, detail: messageOf(payload) }
  if (endpoint && AUDIT_READS.has(endpoint.name) && status >= 200 && status < 300) {
    const query = request.url.indexOf("?")
    return { kind: "auditRead", endpoint, detail: query < 0 ? "" : scrubUrl(request.url.slice(query + 1)).slice(0, MAX_DETAIL) }
  }
  return null
}

function messageOf(payload: unknown): string {
  if (typeof payload !== "string") return ""
  try {
    const message = (JSON.parse(payload) as { message?: unknown }).message
    return typeof message === "string" ? message.slice(0, MAX_DETAIL) : ""
  } catch {
    return ""
  }
}

function attemptedEmail(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, MAX_EMAIL) : null
}

/**
 * Refused calls (403; 409 when the state did not allow the change), failed sign-ins and reads of the
 * audit trail are appended to the access log (issue 25). Written after the answer has gone, so a refusal
 * costs its caller no time and an unreachable database never changes an answer; the close waits for
 * the entries still being written.
 */
export function registerAccessLog(app: FastifyInstance, deps: { db: Db; now: () => number; warn?: (message: string) => void }): void {
  const pending = new WeakMap<FastifyRequest, Entry>()
  const writing = new Set<Promise<void>>()
  // Callbacks, not promises: every answer passes through these two hooks, and few are logged.
  app.addHook("onSend", (request, reply, payload, done) => {
    const entry = entryOf(request, reply.statusCode, payload)
    if (entry) pending.set(request, entry)
    done(null, payload)
  })
  app.addHook("onResponse", (request, reply, done) => {
    const entry = pending.get(request)
    if (entry) record(request, reply.statusCode, entry)
    done()
  })
  const record = (request: FastifyRequest, status: number, entry: Entry) => {
    pending.delete(request)
    const write = insertAccessEntry(deps.db, {
      at: new Date(deps.now()),
      kind: entry.kind,
      actor_id: request.caller?.id ?? null,
      actor_role: request.caller?.role ?? null,
      email: entry.kind === "signInFailed" ? attemptedEmail(request) : null,
      method: request.method,
      path: scrubUrl(request.url.split("?")[0]!).slice(0, MAX_DETAIL),
      operation: entry.endpoint?.name ?? null,
      status,
      detail: entry.detail,
      ip: request.ip ?? "",
      request_id: String(request.id),
    })
      .catch((error: unknown) => deps.warn?.(`access log not written: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => writing.delete(write))
    writing.add(write)
  }
  app.addHook("onClose", async () => {
    await Promise.allSettled([...writing])
  })
}
