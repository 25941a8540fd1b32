import type { FastifyRequest } from "fastify"
import type { Mailer } from "../services/mail/mailer.ts"

/**
 * The dependencies of a service that may send mail, for one request: the mailer logs with that
 * request's logger, so its lines carry the request id like every other line of the request.
 */
export const withRequestLog = <D extends { mailer: Mailer }>(deps: D, request: FastifyRequest): D => ({
  ...deps,
  mailer: deps.mailer.withLog((message) => request.log.info(message)),
})
