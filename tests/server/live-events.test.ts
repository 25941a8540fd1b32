import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { call } from "./counselling-fixtures.ts"
import { multipart } from "./ticket-fixtures.ts"
import { openLiveStream } from "../fixtures/live-stream.ts"

/**
 * GET /live over real HTTP (issue 23): a tab's stream hears the changes of tickets it may read, and
 * nothing else; the token is checked when it opens and again while it is open.
 */
let server: TestServer
let base = ""
beforeAll(async () => {
  server = await startTestServer()
  base = await server.app.listen({ port: 0, host: "127.0.0.1" })
})
afterAll(() => server.close())

const open = (token: string | null, url = base) => openLiveStream(url, token)

async function raise(token: string, query: string): Promise<string> {
  const body = multipart({ ticketType: "General", query })
  const res = await server.app.inject({
    method: "POST",
    url: "/api/v1/userQuery/create",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  })
  expect(res.statusCode).toBe(200)
  return res.json().data.queryId as string
}

describe("GET /live", () => {
  it("refuses a tab without a valid token", async () => {
    expect((await open(null)).status).toBe(401)
    expect((await open("not-a-token")).status).toBe(401)
  })

  it("tells the raiser and every Admin of a ticket's change, and nobody else", async () => {
    const lawyer = await server.login("lawyer@demo.test")
    const admin = await server.login("admin@demo.test")
    const other = await server.login("counsellor@demo.test")
    const [raiserStream, adminStream, otherStream] = await Promise.all([open(lawyer), open(admin), open(other)])
    expect(raiserStream.status).toBe(200)
    expect(raiserStream.contentType).toBe("text/event-stream; charset=utf-8")

    const queryId = await raise(lawyer, "Live: does the chat update by itself?")
    expect(await adminStream.next("ticket.changed")).toMatchObject({ type: "ticket.changed", queryId })
    expect(await raiserStream.next("ticket.changed")).toMatchObject({ queryId })

    expect((await call(server, admin, "POST", "/userQuery/addResponse", { queryId, answer: "Yes, it does." })).statusCode).toBe(200)
    const answered = await raiserStream.next("ticket.changed")
    expect(answered).toMatchObject({ queryId, version: expect.any(Number) })
    expect(await adminStream.next("ticket.changed")).toMatchObject({ queryId })
    await expect(otherStream.next("ticket.changed", 500)).rejects.toThrow("no ticket.changed event")
    for (const stream of [raiserStream, adminStream, otherStream]) stream.close()
  })

  it("tells every Admin, and nobody else, that a list changed: a vendor's status, a new contact or counselling enquiry", async () => {
    const admin = await server.login("admin@demo.test")
    const editor = await server.login("editor@demo.test")
    const [adminStream, editorStream] = await Promise.all([open(admin), open(editor)])
    const vendor = await server.db.selectFrom("users").select("id").where("status", "=", "Under Review").executeTakeFirstOrThrow()
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" })).statusCode).toBe(200)
    expect(await adminStream.next("list.changed")).toEqual({ type: "list.changed", list: "vendors" })
    const contact = await server.app.inject({
      method: "POST",
      url: "/api/v1/contact/create",
      payload: { name: "Live Contact", email: "live.contact@example.org", number: "9876543210", city: "Pune", state: "Maharashtra" },
      remoteAddress: "203.0.113.70",
    })
    expect(contact.statusCode).toBe(200)
    expect(await adminStream.next("list.changed")).toEqual({ type: "list.changed", list: "enquiries" })
    // A refused write announces nothing.
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Not a status" })).statusCode).toBe(400)
    await expect(adminStream.next("list.changed", 500)).rejects.toThrow("no list.changed event")
    await expect(editorStream.next("list.changed", 200)).rejects.toThrow("no list.changed event")
    adminStream.close()
    editorStream.close()
  })

  it("ends the stream once the account signs out (the token is checked again while open)", { timeout: 30_000 }, async () => {
    const token = await server.login("nutritionist@demo.test")
    const stream = await open(token)
    expect(stream.status).toBe(200)
    expect((await call(server, token, "POST", "/user/logout")).statusCode).toBe(200)
    const ended = await Promise.race([stream.ended.then(() => "ended"), new Promise((resolve) => setTimeout(() => resolve("still open"), 15_000))])
    expect(ended).toBe("ended")
  })

  it("ends every open stream when the server stops, so the stop does not wait for them", async () => {
    const other = await startTestServer({ seed: true })
    const url = await other.app.listen({ port: 0, host: "127.0.0.1" })
    const stream = await open(await other.login("lawyer@demo.test"), url)
    expect(stream.status).toBe(200)
    const started = Date.now()
    await other.close()
    await stream.ended
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
