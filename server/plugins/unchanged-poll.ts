import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from "node:http"
import type { TLSSocket } from "node:tls"
import type { FastifyServerFactory } from "fastify"
import { canCall } from "../../src/api/contract/endpoint.ts"
import { fetchResponse } from "../../src/api/contract/tickets/ticket.endpoints.ts"
import type { TokenVersionStore } from "../services/auth/token-versions.ts"
import type { TokenService } from "../services/auth/tokens.ts"
import { canSeeTicket } from "../services/tickets/ticket-access.ts"
import { etagMatches, etagOf, THREAD_CACHE_CONTROL, type TicketVersionStore } from "../services/tickets/ticket-versions.ts"
import { BEARER, knownToken } from "./auth.ts"
import { BENCH_TIMING_HEADER } from "./bench-instrument.ts"
import { requestIdOf } from "./logging.ts"

/** `/api/v1/userQuery/fetchResponse/`: the poll's path up to its ticket id, from the contract. */
const POLL_PREFIX = `/api/v1${fetchResponse.path.slice(0, fetchResponse.path.indexOf(":"))}`
/** An id as the poll's own answers name it: anything else (a query string, an escape, a slash) goes the long way. */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/

export interface UnchangedPollDeps {
  tokens: Pick<TokenService, "knownAccess">
  tokenVersions: Pick<TokenVersionStore, "peek">
  ticketVersions: Pick<TicketVersionStore, "peek">
  /** Whether the framework logs every request (at info): then every request goes through it, to be logged alike. */
  requestsLogged: boolean
  /** The proxy setting: a proxied HTTPS request is answered with HSTS by the framework, so it goes the long way. */
  trustProxy: boolean | string
}

export interface UnchangedPoll {
  /** Answers the request when it is an unchanged poll this process can vouch for; false leaves it to the framework. */
  answer(request: IncomingMessage, response: ServerResponse): boolean
  /** From the start of a stop: every request goes to the framework, which answers 503 while closing. */
  close(): void
  /** Polls answered here so far (the tests prove which way an answer went). */
  answered(): number
}

/**
 * The ticket chat's unchanged poll, answered before the framework. Every open chat asks
 * `GET /userQuery/fetchResponse/:id` every 5 s with the ETag it holds; nearly every answer is
 * 304, which the route gives from memory with no query, yet the framework's routing, hooks, reply
 * and header handling cost three times what the answer itself does (issue 31's poll figure).
 *
 * This is that route's 304, by the same rules and from the same memory: a Bearer token this process
 * verified before, of a user whose token version it holds (the auth hook's fast check), a role the
 * endpoint admits, not limited to two-factor enrolment, a ticket whose version this process holds
 * and may vouch for (the in-memory store; a shared one vouches for nothing), read by its raiser or
 * an Admin, and an If-None-Match naming its current ETag. The answer carries what the route's 304
 * carries (cache-control, x-request-id, etag; no security headers, see sendNotModified). Anything
 * else, and every request while requests are logged, goes to the framework unchanged.
 * tests/server/unchanged-poll.test.ts holds the two ways' answers to the same requests side by side.
 */
export function unchangedPoll(deps: UnchangedPollDeps): UnchangedPoll {
  let open = !deps.requestsLogged
  let answered = 0
  const allowed = (request: IncomingMessage) => {
    if ((request.socket as TLSSocket).encrypted) return false
    return !(deps.trustProxy && request.headers["x-forwarded-proto"] !== undefined)
  }
  return {
    answer(request, response) {
      if (!open || request.method !== "GET" || !request.url?.startsWith(POLL_PREFIX)) return false
      const queryId = request.url.slice(POLL_PREFIX.length)
      const ifNoneMatch = request.headers["if-none-match"]
      const authorization = request.headers.authorization
      if (!ifNoneMatch || !authorization || !PLAIN_ID.test(queryId)) return false
      if (request.headers[BENCH_TIMING_HEADER] !== undefined || !allowed(request)) return false
      const token = knownToken(deps, BEARER.exec(authorization)?.[1])
      if (!token || token.enrolOnly) return false
      if (!canCall(fetchResponse.access, token.role)) return false
      const known = deps.ticketVersions.peek(queryId)
      if (!known || !canSeeTicket(token, known.raiserId)) return false
      const etag = etagOf(queryId, known.version)
      if (!etagMatches(ifNoneMatch, etag)) return false
      response.writeHead(304, { "cache-control": THREAD_CACHE_CONTROL, "x-request-id": requestIdOf(request), etag })
      response.end()
      answered += 1
      return true
    },
    close: () => void (open = false),
    answered: () => answered,
  }
}

/** The server fastify makes for HTTP/1 (fastify/lib/server.js, the same settings), with the unchanged poll in front of its handler. */
export function serverWithUnchangedPoll(poll: UnchangedPoll): FastifyServerFactory {
  return (handler, given) => {
    // fastify has filled in its defaults by the time it calls a server factory (fastify.js).
    const options = given as { http?: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number }
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!poll.answer(request, response)) handler(request, response)
    })
    server.keepAliveTimeout = options.keepAliveTimeout
    server.requestTimeout = options.requestTimeout
    server.setTimeout(options.connectionTimeout)
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
    return server
  }
}
