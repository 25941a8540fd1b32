import type { FastifyInstance, FastifyReply } from "fastify"
import helmet from "helmet"

/**
 * What a JSON answer of the API needs (OWASP's REST headers): it is never a document, so it may load,
 * frame or refer to nothing, is never sniffed into HTML, and is not readable cross-origin. helmet's
 * document headers (COOP, origin-agent-cluster, DNS prefetch, download options…) describe a page: on
 * the API they only made every answer 800 bytes of headers, which the client parses on every poll.
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
}
const API_PREFIX = "/api/v1/"
/**
 * An answer to a signed-in caller (a profile, bank details, a ticket) or to a write (a sign-in's tokens)
 * is never stored by a browser or a proxy. A route that is polled with an ETag sets its own
 * (`private, no-cache`), which replaces this; public reads (the website's content) stay cacheable.
 */
const NOT_STORED = "no-store"

/**
 * Documents (the console, its assets, the API reference page, uploads) get helmet's set: a CSP with
 * no inline script; inline styles are allowed because Chakra (emotion) injects them at run time.
 * The API's answers get API_HEADERS. helmet's middleware is built once: @fastify/helmet rebuilt it
 * (parsing the CSP) on every request, a sixth of the server's CPU on a cheap call like the 304 poll.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only makes sense over HTTPS; helmet would send it on plain HTTP too.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  })
  app.addHook("onRequest", (request, reply, done) => {
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains")
    if (!request.url.startsWith(API_PREFIX)) return applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined))
    for (const name in API_HEADERS) reply.raw.setHeader(name, API_HEADERS[name]!)
    if (request.headers.authorization !== undefined || request.method !== "GET") reply.raw.setHeader("cache-control", NOT_STORED)
    done()
  })
}

/**
 * Answers 304 Not Modified without the API's security headers: a 304 has no body to sniff, frame or
 * read, and the browser keeps the headers of the answer it cached (RFC 9110 section 15.4.5 lists
 * what a 304 carries). The ticket chat polls every few seconds, so each of those bytes is sent,
 * and parsed by the client, all day long.
 */
export function sendNotModified(reply: FastifyReply): FastifyReply {
  for (const name in API_HEADERS) reply.raw.removeHeader(name)
  return reply.code(304).send()
}

/** For the few answers fastify sends before any hook runs (a path that cannot be decoded): a JSON error. */
export function fallbackSecurityHeaders(): Record<string, string> {
  return { ...API_HEADERS }
}
