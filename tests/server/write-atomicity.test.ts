import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { isWrite, tablesFingerprint, urlOf } from "./contract-inputs.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart } from "./ticket-fixtures.ts"
import { requestContext, valid, type Ctx, type Request } from "./valid-requests.ts"

/**
 * Issue 42: a write is whole or absent. Every write of the contract is sent as it would succeed, with a failure
 * injected just after the statement that records its event (services/events.ts; the event is written in the
 * write's own transaction, which idempotency and the audit trail rely on). The answer is a 5xx, and no table
 * differs from before: no row, no event, no outbox entry. A write that changed a row outside its event's
 * transaction, or committed part of itself before it, would leave that part behind.
 */
const EVENT_INSERT = /^insert into "events"/
let armed = false
let injected = 0
const fail = (sql: string) => {
  if (!armed || !EVENT_INSERT.test(sql)) return
  armed = false
  injected++
  throw new Error("injected failure just after the write's event was recorded")
}

/** Writes that record no event, and why: none changes a record an auditor follows. */
const WITHOUT_EVENT: Record<string, string> = {
  login: "a sign-in: its tokens and the sign-in checks' counts, not a record",
  loginTwoFactor: "the second step of a sign-in",
  refreshToken: "a sign-in renewed",
  resetPasswordLink: "a mail asked for; the change is the reset itself",
  saveDraft: "a person's own unsaved form",
  deleteDraft: "a person's own unsaved form",
  revealAccountNumber: "a read, kept in the access log with its reason",
  updateNotificationPreferences: "a person's own mail settings",
  previewNotificationTemplate: "a preview: renders, stores nothing",
}

/**
 * Requests built here because the shared one does not change anything: its reset link is made up (refused by
 * design), and the security settings are saved as they are (an event is written only when one changes).
 */
const changing: Record<string, () => Promise<Request>> = {
  resetPassword: async () => {
    const email = "imageconsultant@demo.test"
    const mailed = server.outbox().length
    await server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email } })
    const token = /reset-password\/([\w-]+)/.exec((await server.mailTo(email, mailed)).text)![1]!
    return { role: null, body: { token, password: "Fresh-pass-1", confirmPassword: "Fresh-pass-1" } }
  },
  updateSecuritySettings: async () => ({ role: "Admin", body: { requireAdminTwoFactor: true } }),
}

let server: TestServer
let ctx: Ctx
beforeAll(async () => {
  server = await startTestServer({ onQuery: fail })
  ctx = await requestContext(server)
}, 60_000)
afterAll(() => server?.close())

let ip = 0
function send(e: Endpoint, req: Request) {
  const token = req.token ?? (req.role ? ctx.tokens.get(req.role) : undefined)
  const headers: Record<string, string> = token ? bearer(token) : {}
  const url = urlOf(e, req.params)
  const remoteAddress = `198.51.100.${++ip % 250}`
  if (e.multipart) {
    const fields = Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]))
    const form = multipart(fields, req.files ?? [])
    return server.app.inject({ method: e.method, url, payload: form.payload, headers: { ...headers, ...form.headers }, remoteAddress })
  }
  return server.app.inject({
    method: e.method,
    url,
    payload: JSON.stringify(req.body),
    headers: { ...headers, "content-type": "application/json" },
    remoteAddress,
  })
}

const writes = endpoints.filter((e) => isWrite(e) && valid[e.name])

describe("a write that fails just after recording its event leaves nothing behind", () => {
  const silent: string[] = []

  writes.forEach((e, n) => {
    it(`${e.method} ${e.path}`, async () => {
      const req = await (changing[e.name]?.() ?? valid[e.name]!(ctx, 1000 + n, server))
      // The postman and the sealer may still be moving earlier writes' rows: settled first.
      await server.deliverMail()
      await server.app.sealer.settle()
      const before = await tablesFingerprint(server.db)
      const injectedBefore = injected
      armed = true
      const answer = await send(e, req).finally(() => (armed = false))
      if (injected === injectedBefore) {
        silent.push(e.name)
        return
      }
      expect(answer.statusCode, answer.body.slice(0, 200)).toBeGreaterThanOrEqual(500)
      await server.deliverMail()
      await server.app.sealer.settle()
      expect(await tablesFingerprint(server.db)).toBe(before)
    })
  })

  it("every write records an event, but those named as recording none", () => {
    expect(silent.toSorted()).toEqual(Object.keys(WITHOUT_EVENT).toSorted())
  })
})
