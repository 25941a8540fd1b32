import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AccessEntry } from "../../src/api/contract/audit/access-log.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * Issue 26: a bank account number is masked in every answer (last 4 digits), events included; an Admin
 * who gives a reason sees the whole number, and the reveal is in the access log before the answer.
 */
let server: TestServer
let admin: string
let lawyer: string
let lawyerId: string
let fullNumber: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  lawyer = await server.login("lawyer@demo.test")
  const row = await server.db.selectFrom("users").select(["id", "account_details"]).where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()
  lawyerId = row.id
  fullNumber = row.account_details.accountNumber!
})
afterAll(() => server.close())

const call = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const reveal = (token: string, id: string, reason: unknown) => call("POST", `/user/vendorDetails/${id}/account-number`, token, { reason })
const masked = () => `••••${fullNumber.slice(-4)}`

describe("bank account numbers", () => {
  it("are masked to their last 4 digits on Vendor Details and on the vendor's own profile", async () => {
    expect(fullNumber).toMatch(/^\d{9,18}$/)
    const details = (await call("GET", `/user/vendorDetails/${lawyerId}`, admin)).json().data[0]
    expect(details.AccountDetails.accountNumber).toBe(masked())
    expect(details.AccountDetails.bankName).toBeTruthy()
    const profile = await call("GET", "/user/getProfile", lawyer)
    expect(profile.statusCode).toBe(200)
    expect(JSON.stringify(profile.json())).not.toContain(fullNumber)
    expect(profile.json().data.AccountDetails.accountNumber).toBe(masked())
  })

  it("are masked in the event log too", async () => {
    const events = await server.db
      .selectFrom("events")
      .select(["before", "after"])
      .where("entity_type", "=", "user")
      .where("entity_id", "=", lawyerId)
      .execute()
    expect(events.length).toBeGreaterThan(0)
    expect(JSON.stringify(events)).not.toContain(fullNumber)
    expect(JSON.stringify(events)).toContain(masked())
  })

  it("are revealed whole to an Admin who gives a reason, after the access log records who, whose and why", async () => {
    const reason = "Payout bounced; checking the number with the bank"
    const answer = await reveal(admin, lawyerId, `  ${reason} `)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      success: true,
      message: "Account number revealed. This was recorded in the access log.",
      data: { accountNumber: fullNumber },
    })
    // Written in the reveal's own transaction: there when the answer is.
    const log = (await call("GET", "/audit/access?kind=accountNumberRevealed&limit=100", admin)).json().data as AccessEntry[]
    const entry = log.find((e) => e.requestId === String(answer.headers["x-request-id"]))
    expect(entry).toMatchObject({
      kind: "accountNumberRevealed",
      actorEmail: "admin@demo.test",
      actorRole: "Admin",
      email: "lawyer@demo.test",
      method: "POST",
      path: `/api/v1/user/vendorDetails/${lawyerId}/account-number`,
      operation: "revealAccountNumber",
      status: 200,
      detail: reason,
    })
    expect(JSON.stringify(log)).not.toContain(fullNumber)
  })

  it("are never stored to replay a retry: the call takes no Idempotency-Key", async () => {
    const key = "reveal-retry-0001"
    const first = await server.app.inject({
      method: "POST",
      url: `/api/v1/user/vendorDetails/${lawyerId}/account-number`,
      headers: { ...bearer(admin), "idempotency-key": key },
      payload: { reason: "Checking the payout details" },
    })
    expect(first.statusCode).toBe(200)
    expect(first.headers["idempotent-replayed"]).toBeUndefined()
    const stored = await server.db.selectFrom("idempotency_keys").selectAll().execute()
    expect(JSON.stringify(stored)).not.toContain(fullNumber)
  })

  it("refuses a reveal without a reason of at least 5 characters, to anyone but an Admin, and for a person without a number", async () => {
    const before = (await call("GET", "/audit/access?kind=accountNumberRevealed&limit=100", admin)).json().totalRecords as number
    const empty = await reveal(admin, lawyerId, "   ")
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toMatch(/reason/i)
    expect((await reveal(admin, lawyerId, "why")).statusCode).toBe(400)
    expect((await reveal(lawyer, lawyerId, "I want to see my own number")).statusCode).toBe(403)
    const client = await server.db.selectFrom("users").select("id").where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
    const none = await reveal(admin, client.id, "A client has no bank details")
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe("No account number on record.")
    expect((await reveal(admin, "00000000-0000-4000-8000-000000000000", "Nobody has this id")).statusCode).toBe(404)
    const after = (await call("GET", "/audit/access?kind=accountNumberRevealed&limit=100", admin)).json().totalRecords as number
    expect(after).toBe(before)
  })
})
