import type { FastifyInstance } from "fastify"
import { HttpError } from "../services/errors.ts"

/** Deeper than any request of the contract (the deepest, availability's days → slots, is 3). */
export const MAX_JSON_DEPTH = 32
export const TOO_DEEP = "The request body is nested too deeply."

/**
 * JSON bodies are measured before they are parsed: a body nested past MAX_JSON_DEPTH is refused with
 * 400, so no check that walks a body (the NUL check, the schemas) can overflow the stack on one nested
 * 10,000 deep. One pass over the text, skipping strings; then fastify's own parser (prototype keys refused).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error")
  app.removeContentTypeParser("application/json")
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (depthExceeds(body as string, MAX_JSON_DEPTH)) return done(new HttpError(400, TOO_DEEP), undefined)
    parse(request, body as string, done)
  })
}

export function depthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}
