import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AccessEntry } from "../../src/api/contract/audit/access-log.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"

explainRefusals([["An approved vendor's status can no longer be changed.", "the demo lawyer is already approved, and that is final"]])

/**
 * Issue 25: what the event log cannot hold because nothing changed. Refused calls (403, and 409 when the
 * state did not allow the change), failed sign-ins and reads of the audit trail are logged with who,
 * when, the call, the answer, the address and the request id; only an Admin reads the log.
 */
let server: TestServer
let admin: string
let lawyer: string
let lawyerId: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  lawyer = await server.login("lawyer@demo.test")
  lawyerId = (await server.db.selectFrom("users").select("id").where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()).id
})
afterAll(() => server.close())

const call = (method: "GET" | "PATCH" | "POST", url: string, token?: string, payload?: object, remoteAddress = "10.9.8.7") =>
  server.app.inject({ method, url: `/api/v1${url}`, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}), remoteAddress })

/** The entries of the log, newest first, as the Admin reads them (the entries are written just after each answer). */
const entries = async (query = "") => (await call("GET", `/audit/access${query}`, admin)).json().data as AccessEntry[]
const entryFor = async (requestId: string) => {
  let found: AccessEntry | undefined
  await expect.poll(async () => (found = (await entries("?limit=100")).find((e) => e.requestId === requestId))).toBeDefined()
  return found!
}

describe("the access log", () => {
  it("logs a refused call (403) with who made it, the call, the message, the address and the request id", async () => {
    const refused = await call("GET", "/audit/events?entityType=user", lawyer)
    expect(refused.statusCode).toBe(403)
    const entry = await entryFor(String(refused.headers["x-request-id"]))
    expect(entry).toMatchObject({
      kind: "refused",
      actorId: lawyerId,
      actorRole: "Lawyer",
      actorEmail: "lawyer@demo.test",
      email: null,
      method: "GET",
      path: "/api/v1/audit/events",
      operation: "listAuditEvents",
      status: 403,
      detail: refused.json().message,
      ip: "10.9.8.7",
    })
  })

  it("logs a change the record's state did not allow (409)", async () => {
    const illegal = await call("PATCH", "/user/updateUser", admin, { status: "Reject", userId: lawyerId })
    expect(illegal.statusCode).toBe(409)
    const entry = await entryFor(String(illegal.headers["x-request-id"]))
    expect(entry).toMatchObject({
      kind: "refused",
      actorRole: "Admin",
      operation: "updateUserStatus",
      status: 409,
      detail: "An approved vendor's status can no longer be changed.",
    })
  })

  it("logs a failed sign-in with the address it was for, never the password", async () => {
    const failed = await call("POST", "/user/login", undefined, { email: "  Lawyer@Demo.test ", password: "Not-the-password-1" }, "10.9.8.9")
    expect(failed.statusCode).toBe(401)
    const entry = await entryFor(String(failed.headers["x-request-id"]))
    expect(entry).toMatchObject({ kind: "signInFailed", actorId: null, email: "lawyer@demo.test", operation: "login", status: 401, ip: "10.9.8.9" })
    const stored = JSON.stringify(await server.db.selectFrom("access_log").selectAll().execute())
    expect(stored).not.toContain("Not-the-password-1")
    // A sign-in that works is not an access-log matter.
    const before = await server.db.selectFrom("access_log").select("id").where("kind", "=", "signInFailed").execute()
    await server.login("user@demo.test")
    expect(await server.db.selectFrom("access_log").select("id").where("kind", "=", "signInFailed").execute()).toHaveLength(before.length)
  })

  it("logs every read of the audit trail with the filter it used, this log's own reads included", async () => {
    const read = await call("GET", "/audit/events?entityType=user&page=2", admin)
    expect(read.statusCode).toBe(200)
    const entry = await entryFor(String(read.headers["x-request-id"]))
    expect(entry).toMatchObject({
      kind: "auditRead",
      actorRole: "Admin",
      actorName: "Asha Admin",
      operation: "listAuditEvents",
      status: 200,
      detail: "entityType=user&page=2",
    })
    const own = await call("GET", "/audit/access?kind=auditRead", admin)
    expect((await entryFor(String(own.headers["x-request-id"]))).operation).toBe("listAccessLog")
  })

  it("lists newest first, by kind, 20 a page; only an Admin reads it, and a refused read is itself logged", async () => {
    const all = await entries()
    expect(all.length).toBeGreaterThan(3)
    expect(all.map((e) => Number(e._id))).toEqual([...all.map((e) => Number(e._id))].sort((a, b) => b - a))
    const signIns = await entries("?kind=signInFailed")
    expect(signIns.length).toBeGreaterThan(0)
    expect(signIns.every((e) => e.kind === "signInFailed")).toBe(true)
    const page = (await call("GET", "/audit/access", admin)).json()
    expect(page).toMatchObject({ success: true, currentPage: 1 })
    expect(page.totalRecords).toBeGreaterThanOrEqual(page.data.length)
    for (const token of [lawyer, await server.login("editor@demo.test")]) {
      const refused = await call("GET", "/audit/access", token)
      expect(refused.statusCode).toBe(403)
      expect((await entryFor(String(refused.headers["x-request-id"]))).operation).toBe("listAccessLog")
    }
    expect((await call("GET", "/audit/access?kind=everything", admin)).statusCode).toBe(400)
  })
})
