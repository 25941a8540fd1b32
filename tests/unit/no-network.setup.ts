import { afterEach } from "vitest"
import { testServerOrigins } from "./test-server.ts"

/**
 * Unit and path tests never reach the network: a machine's side effects are provided to it. A real API call
 * that slips through (an actor left unprovided) would otherwise go on retrying in the background with real
 * waits and, since modules are shared by the files of a worker, land on another file's test server. It is
 * refused here and fails the test that made it. Only a server the running file started (test-server.ts) is
 * reachable, and only until it closes.
 */
const realFetch = globalThis.fetch
const strayCalls: string[] = []

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
  const origin = URL.canParse(url) ? new URL(url).origin : null
  if (origin !== null && testServerOrigins.has(origin)) return realFetch(input, init)
  strayCalls.push(`${init?.method ?? "GET"} ${url}`)
  return Promise.reject(new TypeError(`A unit test called the network: ${url}`))
}

afterEach(() => {
  const calls = strayCalls.splice(0)
  if (calls.length > 0) throw new Error(`A test called the API instead of a provided actor: ${calls.join(", ")}`)
})
