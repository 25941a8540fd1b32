import type { FastifyError, FastifyInstance } from "fastify"
import { DecodeError } from "../../src/api/contract/decode.ts"
import { HttpError } from "../services/errors.ts"
import { DATABASE_BUSY, DATABASE_UNAVAILABLE, isDatabaseBusy, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts"

const GENERIC_5XX = "Something went wrong on our side. Please try again."

/**
 * One shape for every error: `{ success: false, message }`; 5xx never leaks internals. A database that
 * cannot be reached, or is too busy to give a request its turn, is a 503 with Retry-After (logged at warn: it
 * is the database's state, not a bug), each said in its own words.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds))
      return reply.status(error.statusCode).send({ success: false, message: error.message })
    }
    if (error instanceof DecodeError) return reply.status(400).send({ success: false, message: error.message })
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: clientMessage(error) })
    }
    if (isDatabaseUnavailable(error)) {
      const busy = isDatabaseBusy(error)
      request.log.warn({ err: error }, busy ? "database busy" : "database unavailable")
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ success: false, message: busy ? DATABASE_BUSY : DATABASE_UNAVAILABLE })
    }
    request.log.error({ err: error }, "request failed")
    return reply.status(500).send({ success: false, message: GENERIC_5XX })
  })
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "body: must be valid JSON"
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
      return "The request is too large."
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type."
    case "FST_PROTO_VIOLATION":
      return "body: fields named __proto__, constructor or prototype are not allowed"
    default:
      return error.message
  }
}
