import { afterEach, describe, expect, it } from "vitest"
import { THROTTLE_RULES } from "../../server/services/auth/login-throttle.ts"
import { startTestServer, type TestServer } from "./harness.ts"

let server: TestServer | undefined
afterEach(() => server?.close())

/** As many failures from one client address as its rule allows (each naming another account), then one more attempt. */
async function failAllThenTry(s: TestServer, forwardedFor: (i: number) => string) {
  for (let i = 0; i < THROTTLE_RULES.address.points; i++) {
    await s.app.inject({
      method: "POST",
      url: "/api/v1/user/login",
      payload: { email: `ghost${i}@demo.test`, password: "x" },
      remoteAddress: "10.9.9.9",
      headers: { "x-forwarded-for": forwardedFor(i) },
    })
  }
  return s.app.inject({
    method: "POST",
    url: "/api/v1/user/login",
    payload: { email: "admin@demo.test", password: "Demo@12345" },
    remoteAddress: "10.9.9.9",
    headers: { "x-forwarded-for": forwardedFor(99) },
  })
}

describe("the client address of the login limit", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot dodge the limit by forging it", async () => {
    server = await startTestServer()
    expect((await failAllThenTry(server, (i) => `203.0.113.${i}`)).statusCode).toBe(429)
  })

  it("uses X-Forwarded-For when the proxy is trusted", async () => {
    server = await startTestServer({ trustProxy: true })
    // Every attempt comes from another real client behind the proxy: none reaches the limit.
    expect((await failAllThenTry(server, (i) => `203.0.113.${i}`)).statusCode).toBe(200)
    // The same forwarded client five times is limited.
    expect((await failAllThenTry(server, () => "198.51.100.7")).statusCode).toBe(429)
  })
})
