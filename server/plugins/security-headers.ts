import helmet from "@fastify/helmet"
import type { FastifyInstance } from "fastify"

/** CSP with no inline script; inline styles are allowed because Chakra (emotion) injects them at run time. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains")
  })
}

/**
 * For the few answers fastify sends before any hook runs (a path that cannot be decoded): the same
 * protections, with a CSP that allows nothing since the answer is a JSON error.
 */
export function fallbackSecurityHeaders(): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  }
}
