import { afterEach, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"

let server: TestServer | undefined
afterEach(() => server?.close())

/** Five failures from one client address, each naming another account, then a sixth attempt. */
async function failFiveThenTry(s: TestServer, forwardedFor: (i: number) => string) {
  for (let i = 0; i < 5; i++) {
    await s.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: `ghost${i}@demo.test`, password: "x" }, remoteAddress: "10.9.9.9", headers: { "x-forwarded-for": forwardedFor(i) } })
  }
  return s.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "admin@demo.test", password: "Demo@12345" }, remoteAddress: "10.9.9.9", headers: { "x-forwarded-for": forwardedFor(99) } })
}

describe("the client address of the login limit", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot dodge the limit by forging it", async () => {
    server = await startTestServer()
    expect((await failFiveThenTry(server, (i) => `203.0.113.${i}`)).statusCode).toBe(429)
  })

  it("uses X-Forwarded-For when the proxy is trusted", async () => {
    server = await startTestServer({ trustProxy: true })
    // Every attempt comes from another real client behind the proxy: none reaches the limit.
    expect((await failFiveThenTry(server, (i) => `203.0.113.${i}`)).statusCode).toBe(200)
    // The same forwarded client five times is limited.
    expect((await failFiveThenTry(server, () => "198.51.100.7")).statusCode).toBe(429)
  })
})
