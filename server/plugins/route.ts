import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { Schema } from "effect"
import { canCall, type Endpoint } from "../../src/api/contract/endpoint.ts"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import type { Caller } from "../services/auth/tokens.ts"
import { forbidden, unauthorized } from "../services/errors.ts"
import { refuseNul, requireObjectBody } from "./input-guards.ts"
import { readMultipart, type UploadedFile } from "./multipart.ts"

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

/**
 * Registers one contract endpoint: guard by its access rule, decode params, query and body with its
 * schemas (400 naming the field), run the service, encode the answer with its schema so nothing
 * outside the contract (a password hash, say) can leave the server.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const encode = Schema.encodeUnknownSync(endpoint.answer as Schema.Top as never)
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const caller = request.caller
      if (endpoint.access !== "public") {
        if (!caller) throw unauthorized()
        if (!canCall(endpoint.access, caller.role)) throw forbidden()
        if (request.enrolOnly && !ENROLMENT_CALLS.has(endpoint.name)) throw forbidden(ENROL_FIRST)
      }
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
      const answer = await handler({ params, query, body, files, caller, request, reply } as RouteInput<E>)
      if (answer === reply || reply.sent) return reply
      return encode(answer)
    },
  })
}
