import type { FastifyReply, FastifyRequest } from "fastify"

/**
 * The device cookie of the sign-in throttle (services/auth/login-throttle.ts): set after a full sign-in,
 * sent back only to the sign-in calls (its path), never readable by the page's script.
 */
export const DEVICE_COOKIE = "console_device"
const DEVICE_COOKIE_PATH = "/api/v1/user/login"
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** The one cookie this server reads; a parser library for a single `name=value` pair would be all overhead. */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=")
    if (at > 0 && pair.slice(0, at).trim() === DEVICE_COOKIE) return pair.slice(at + 1).trim()
  }
  return undefined
}

export function setDeviceCookie(reply: FastifyReply, request: FastifyRequest, value: string): void {
  const secure = request.protocol === "https" ? "; Secure" : ""
  reply.header("set-cookie", `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Strict${secure}`)
}
