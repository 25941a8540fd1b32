import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { codeAt, stepAt } from "../../server/services/auth/totp.ts"
import { deviceLabel } from "../../server/services/auth/new-device.ts"

/** A sign-in from a browser this account was never signed in on is told of (issue 23), by mail and in the console. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const signIn = (email: string, options: { cookie?: string; password?: string; address?: string } = {}) =>
  server.app.inject({
    method: "POST",
    url: "/api/v1/user/login",
    payload: { email, password: options.password ?? "Demo@12345" },
    headers: { "user-agent": CHROME_WINDOWS, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.address ?? "203.0.113.44",
  })
const cookieOf = (res: Awaited<ReturnType<typeof signIn>>) => String(res.headers["set-cookie"]).split(";")[0]!
const noticesTo = (email: string) => server.outbox().filter((m) => m.to.includes(email) && m.raw.includes("New sign-in to your Console account"))
const inboxOf = (email: string) =>
  server.db
    .selectFrom("inbox")
    .innerJoin("users", "users.id", "inbox.user_id")
    .select(["inbox.title", "inbox.link"])
    .where("users.email", "=", email)
    .where("inbox.kind", "=", "signIn.newDevice")
    .execute()

describe("sign-in from a new device", () => {
  it("tells the owner where it came from, once per browser", async () => {
    const first = await signIn("nutritionist@demo.test")
    expect(first.statusCode).toBe(200)
    // The sign-in does not wait for its mail: it goes out just after.
    await expect.poll(() => noticesTo("nutritionist@demo.test").length).toBe(1)
    const [mail] = noticesTo("nutritionist@demo.test")
    expect(mail).toBeDefined()
    expect(mail!.text).toContain("Device: Chrome on Windows")
    expect(mail!.text).toContain("Address: 203.0.113.44")
    expect(mail!.text).toMatch(/choose a new password now at http:\/\/console\.test\/login \(Forgot password\)/)
    expect(await inboxOf("nutritionist@demo.test")).toEqual([{ title: "New sign-in: Chrome on Windows", link: "/two-factor" }])

    // The same browser again (its device cookie): nothing new to tell.
    expect((await signIn("nutritionist@demo.test", { cookie: cookieOf(first) })).statusCode).toBe(200)
    // A wrong password is no sign-in.
    expect((await signIn("nutritionist@demo.test", { password: "Wrong@12345" })).statusCode).toBe(401)
    await server.deliverMail()
    expect(noticesTo("nutritionist@demo.test")).toHaveLength(1)
    expect(await inboxOf("nutritionist@demo.test")).toHaveLength(1)
  })

  it("with two-factor on, tells once the code is accepted, not at the password step", async () => {
    const token = await server.login("imageconsultant@demo.test")
    const setup = await server.app.inject({ method: "POST", url: "/api/v1/user/two-factor/setup", headers: bearer(token) })
    const secret = setup.json().data.secret as string
    const step = stepAt(server.clock.now)
    expect(
      (await server.app.inject({ method: "POST", url: "/api/v1/user/two-factor/enable", headers: bearer(token), payload: { code: codeAt(secret, step) } }))
        .statusCode,
    ).toBe(200)

    const password = await signIn("imageconsultant@demo.test")
    const challengeToken = password.json().data.challengeToken as string
    await server.deliverMail()
    expect(noticesTo("imageconsultant@demo.test")).toHaveLength(0)
    server.clock.now += 30_000
    const code = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/login/two-factor",
      payload: { challengeToken, code: codeAt(secret, stepAt(server.clock.now)) },
      headers: { "user-agent": CHROME_WINDOWS },
      remoteAddress: "203.0.113.45",
    })
    expect(code.statusCode).toBe(200)
    await expect.poll(() => noticesTo("imageconsultant@demo.test").length).toBe(1)
    expect(noticesTo("imageconsultant@demo.test")[0]!.text).toContain("Address: 203.0.113.45")
  })

  it("is always mailed: its email cannot be switched off", async () => {
    const token = await server.login("counsellor@demo.test")
    const prefs = (await server.app.inject({ method: "GET", url: "/api/v1/notifications/preferences", headers: bearer(token) })).json().data as Array<{
      kind: string
      mailOptional: boolean
    }>
    expect(prefs.find((p) => p.kind === "signIn.newDevice")).toMatchObject({ mailOptional: false })
  })
})

describe("the device a person reads", () => {
  it.each([
    [CHROME_WINDOWS, "Chrome on Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on macOS"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
    ["Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0", "Chrome on Android"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0", "Edge on Windows"],
    ["curl/8.5.0", "an unknown browser"],
    [undefined, "an unknown browser"],
  ])("%s → %s", (ua, label) => {
    expect(deviceLabel(ua)).toBe(label)
  })
})
