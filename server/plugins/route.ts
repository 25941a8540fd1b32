import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRouteOptions } from "fastify"
import { Schema } from "effect"
import { canCall, takesIdempotencyKey, type Endpoint } from "../../src/api/contract/endpoint.ts"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import type { Caller } from "../services/auth/tokens.ts"
import type { AnswerCache } from "../services/cache/answer-cache.ts"
import { badRequest, forbidden, unauthorized } from "../services/errors.ts"
import { fingerprintOf, IDEMPOTENCY_HEADER, keyOf, REPLAYED_HEADER } from "../services/idempotency.ts"
import { refuseNul, requireObjectBody } from "./input-guards.ts"
import { readMultipart, routeWithForm, type UploadedFile } from "./multipart.ts"

export interface RouteInput<E extends Endpoint> {
  params: NonNullable<E["params"]>["Type"]
  query: NonNullable<E["query"]>["Type"]
  body: NonNullable<E["body"]>["Type"]
  files: UploadedFile[]
  caller: E["access"] extends "public" ? Caller | null : Caller
  request: FastifyRequest
  reply: FastifyReply
}

/** All an Admin who must enrol two-factor can reach until enrolled (and signed in again with a code). */
const ENROLMENT_CALLS = new Set(["getProfile", "logout", "getTwoFactor", "startTwoFactor", "enableTwoFactor"])
export const ENROL_FIRST = "Two-factor sign-in is required for Admin accounts: set it up on the Account screen first."

/** A handler answers a value (encoded with the endpoint's schema), or the reply it sent itself (a 304, a file). */
type Handler<E extends Endpoint> = (input: RouteInput<E>) => Promise<E["answer"]["Encoded"] | E["answer"]["Type"] | FastifyReply>

export interface RouteOptions {
  /**
   * Serve the answer from this cache while none of `tables` (every table the answer is read from) has
   * been written since it was computed. Only for a read whose answer depends on nothing but its params,
   * query and the caller's role.
   */
  cache?: { answers: AnswerCache; tables: readonly string[] }
}

/**
 * Registers one contract endpoint: guard by its access rule, decode params, query and body with its
 * schemas (400 naming the field), run the service, encode the answer with its schema so nothing
 * outside the contract (a password hash, say) can leave the server.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const { answers: cache, tables } = options.cache ?? {}
  const encode = Schema.encodeUnknownSync(endpoint.answer as Schema.Top as never)
  const keyed = takesIdempotencyKey(endpoint)
  const definition: FastifyRouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = request.caller
      if (endpoint.access !== "public") {
        if (!caller) throw unauthorized()
        if (!canCall(endpoint.access, caller.role)) throw forbidden()
        if (request.enrolOnly && !ENROLMENT_CALLS.has(endpoint.name)) throw forbidden(ENROL_FIRST)
      }
      const idempotencyKey = keyed ? keyOf(request.headers[IDEMPOTENCY_HEADER]) : null
      refuseNul(request.params, "params")
      refuseNul(request.query, "query")
      const params = endpoint.params ? decodeOrThrow(endpoint.params, request.params, "") : {}
      const query = endpoint.query ? decodeOrThrow(endpoint.query, request.query ?? {}, "") : {}
      let files: UploadedFile[] = []
      let rawBody: unknown = request.body ?? {}
      if (endpoint.multipart) {
        const form = await readMultipart(request)
        rawBody = form.fields
        files = form.files
      }
      if (endpoint.body) {
        requireObjectBody(rawBody)
        refuseNul(rawBody, "body")
      }
      const body = endpoint.body ? decodeOrThrow(endpoint.body, rawBody, "") : {}
      // The contract's file parts, as the API document states them; their bytes are checked where they are
      // stored. A file sent under another name is refused there, with the name it should have had.
      const parts = endpoint.files ?? {}
      if (files.every((file) => file.field in parts)) {
        for (const [name, part] of Object.entries(parts))
          if (part.required && !files.some((file) => file.field === name) && !(part.instead && (body as Record<string, unknown>)[part.instead]))
            throw badRequest(`${name}: is required`)
      }
      const input = { params, query, body, files, caller, request, reply } as RouteInput<E>
      if (cache && !(cache.bypassHeader && request.headers[cache.bypassHeader] !== undefined)) {
        // Checked, decoded and keyed after the access rule: a cached answer is only ever given to a caller allowed to ask.
        const key = `${endpoint.name}|${caller?.role ?? ""}|${JSON.stringify(params)}|${JSON.stringify(query)}`
        const json = await cache.answer(key, async () => JSON.stringify(encode(await handler(input))), tables)
        return reply.type("application/json; charset=utf-8").send(json)
      }
      if (idempotencyKey) {
        const fingerprint = fingerprintOf(request.method, request.url, rawBody, files)
        const { answer, replayed } = await request.server.idempotency.run(caller?.id ?? "anonymous", idempotencyKey, fingerprint, async () => ({
          status: 200,
          body: JSON.stringify(encode(await handler(input))),
        }))
        if (replayed) reply.header(REPLAYED_HEADER, "true")
        return reply
          .code(answer.status)
          .type("application/json; charset=utf-8")
          .send(answer.body ?? "")
      }
      const answer = await handler(input)
      if (answer === reply || reply.sent) return reply
      return encode(answer)
    },
  }
  if (endpoint.multipart) routeWithForm(app, definition, Math.max(0, ...Object.values(endpoint.files ?? {}).map((f) => f.maxBytes ?? 0)) || undefined)
  else app.route(definition)
}
