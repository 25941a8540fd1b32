import type { IncomingMessage, ServerResponse } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { unchangedPoll, type UnchangedPollDeps } from "../../server/plugins/unchanged-poll.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * The unchanged ticket poll answered in front of fastify (server/plugins/unchanged-poll.ts): the same requests
 * over real HTTP (where it answers) and through `app.inject` (which never passes it, so fastify and the route
 * answer) get the same answers, and everything it must not vouch for reaches the route.
 */
let server: TestServer
let base: string
let user: string
let admin: string
let other: string
let path: string
beforeAll(async () => {
  server = await startTestServer()
  base = await server.app.listen({ port: 0, host: "127.0.0.1" })
  user = await server.login("user@demo.test")
  admin = await server.login("admin@demo.test")
  other = await server.login("lawyer@demo.test")
  const mine = (await server.app.inject({ method: "GET", url: "/api/v1/userQuery/get?page=1&limit=1", headers: bearer(user) })).json()
  path = `/api/v1/userQuery/fetchResponse/${mine.data[0]._id}`
})
afterAll(() => server.close())

type Answer = { status: number; headers: Record<string, string>; body: string }
/** Over real HTTP: the poll's way in front of fastify when it can vouch, else fastify's. */
const overHttp = async (token: string | null, headers: Record<string, string> = {}, url = path): Promise<Answer> => {
  const res = await fetch(`${base}${url}`, { headers: { ...(token ? bearer(token) : {}), ...headers } })
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }
}
/** Through fastify and the route alone. */
const throughRoute = async (token: string | null, headers: Record<string, string> = {}, url = path): Promise<Answer> => {
  const res = await server.app.inject({ method: "GET", url, headers: { ...(token ? bearer(token) : {}), ...headers } })
  return { status: res.statusCode, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), body: res.body }
}
/** What an answer says, without what differs by transport (the connection's own headers) or by request (its id). */
const said = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  headers: Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !["date", "connection", "keep-alive", "x-request-id", "transfer-encoding", "content-length"].includes(name),
    ),
  ),
})
const answered = () => server.app.unchangedPoll.answered()
const currentTag = async (token = user) => (await throughRoute(token)).headers.etag!

describe("the unchanged ticket poll in front of fastify (issue 31)", () => {
  it("answers the raiser's and the Admin's unchanged polls with the route's own 304, a request id each", async () => {
    const etag = await currentTag()
    expect(etag).toMatch(/^".+\.\d+"$/)
    // A token this process has not yet verified goes the long way once (the auth hook verifies and keeps it).
    await currentTag(admin)
    for (const [token, ifNoneMatch] of [
      [user, etag],
      [admin, etag],
      [user, `W/${etag}`],
      [user, `"other.1", ${etag}`],
    ] as const) {
      const before = answered()
      const fast = await overHttp(token, { "if-none-match": ifNoneMatch })
      expect(answered()).toBe(before + 1)
      const route = await throughRoute(token, { "if-none-match": ifNoneMatch })
      expect(said(fast)).toEqual(said(route))
      expect(fast).toMatchObject({ status: 304, body: "", headers: { etag, "cache-control": "private, no-cache" } })
      expect(fast.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
      expect(fast.headers["content-security-policy"]).toBeUndefined()
    }
    // A request id the caller sent (and that looks safe) comes back, as fastify's genReqId keeps it.
    const traced = await overHttp(user, { "if-none-match": etag, "x-request-id": "trace-12345678" })
    expect(traced.headers["x-request-id"]).toBe("trace-12345678")
  })

  it("leaves to the route every poll it cannot vouch for, which answers as it always has", async () => {
    const etag = await currentTag()
    const cases: Array<[string, string | null, Record<string, string>, string?]> = [
      ["someone else's ticket", other, { "if-none-match": etag }],
      ["a stale tag", user, { "if-none-match": '"stale.0"' }],
      ["no tag", user, {}],
      ["no token", null, { "if-none-match": etag }],
      ["a token never seen", "not-a-token", { "if-none-match": etag }],
      ["a query string", user, { "if-none-match": etag }, `${path}?fresh=1`],
      ["an escaped id", user, { "if-none-match": etag }, path.replace(/-/, "%2D")],
      ["a bench timing request", user, { "if-none-match": etag, "x-bench-timing": "1" }],
    ]
    for (const [name, token, headers, url] of cases) {
      const before = answered()
      const http = await overHttp(token, headers, url)
      expect(answered(), name).toBe(before)
      expect(said(http), name).toEqual(said(await throughRoute(token, headers, url)))
    }
    expect((await overHttp(other, { "if-none-match": etag })).status).toBe(403)
    expect((await overHttp(user, { "if-none-match": '"stale.0"' })).status).toBe(200)
  })

  it("answers 200 with the thread once it changed, then 304 to the new tag; a signed-out token gets the route's 401", async () => {
    const before = await currentTag()
    const id = path.split("/").pop()!
    const added = await server.app.inject({
      method: "POST",
      url: "/api/v1/userQuery/addResponse",
      headers: bearer(user),
      payload: { queryId: id, question: "Any news?" },
    })
    expect(added.statusCode, added.body).toBe(200)
    const stale = await overHttp(user, { "if-none-match": before })
    expect(stale.status).toBe(200)
    expect(JSON.parse(stale.body).data.responses.at(-1)).toMatchObject({ question: "Any news?" })
    const count = answered()
    expect((await overHttp(user, { "if-none-match": stale.headers.etag! })).status).toBe(304)
    expect(answered()).toBe(count + 1)
    const leaving = await server.login("user@demo.test")
    await currentTag(leaving)
    expect((await server.app.inject({ method: "POST", url: "/api/v1/user/logout", headers: bearer(leaving) })).statusCode).toBe(200)
    const signedOut = await overHttp(leaving, { "if-none-match": stale.headers.etag! })
    expect(answered()).toBe(count + 1)
    expect(signedOut.status).toBe(401)
    expect(said(signedOut)).toEqual(said(await throughRoute(leaving, { "if-none-match": stale.headers.etag! })))
  })
})

describe("when the poll is left to fastify whatever it asks", () => {
  const verified = { id: "u1", role: "User" as const, version: 3, enrolOnly: false }
  const deps = (over: Partial<UnchangedPollDeps> = {}): UnchangedPollDeps => ({
    tokens: { knownAccess: (raw) => (raw === "good" ? verified : undefined) },
    tokenVersions: { peek: () => 3 },
    ticketVersions: { peek: (id) => (id === "t1" ? { version: 7, raiserId: "u1" } : undefined) },
    requestsLogged: false,
    trustProxy: false,
    ...over,
  })
  const poll = (headers: Record<string, string> = {}, socket: object = {}) =>
    ({
      method: "GET",
      url: "/api/v1/userQuery/fetchResponse/t1",
      headers: { authorization: "Bearer good", "if-none-match": '"t1.7"', ...headers },
      socket,
    }) as unknown as IncomingMessage
  const response = () => {
    const written: unknown[] = []
    return { written, res: { writeHead: (...args: unknown[]) => void written.push(args), end: () => void written.push("end") } as unknown as ServerResponse }
  }

  it("answers a poll it can vouch for, and nothing once closed, while requests are logged, over TLS or proxied HTTPS, or for an enrolment-only token", () => {
    const open = unchangedPoll(deps())
    const sent = response()
    expect(open.answer(poll(), sent.res)).toBe(true)
    expect(sent.written[0]).toEqual([304, expect.objectContaining({ etag: '"t1.7"', "cache-control": "private, no-cache" })])
    open.close()
    expect(open.answer(poll(), response().res)).toBe(false)
    expect(unchangedPoll(deps({ requestsLogged: true })).answer(poll(), response().res)).toBe(false)
    expect(unchangedPoll(deps()).answer(poll({}, { encrypted: true }), response().res)).toBe(false)
    expect(unchangedPoll(deps({ trustProxy: true })).answer(poll({ "x-forwarded-proto": "https" }), response().res)).toBe(false)
    const enrolling = deps({ tokens: { knownAccess: () => ({ ...verified, enrolOnly: true }) } })
    expect(unchangedPoll(enrolling).answer(poll(), response().res)).toBe(false)
    expect(unchangedPoll(deps({ tokenVersions: { peek: () => 4 } })).answer(poll(), response().res)).toBe(false)
    expect(unchangedPoll(deps({ ticketVersions: { peek: () => undefined } })).answer(poll(), response().res)).toBe(false)
  })

  it("closes when the server begins to stop", async () => {
    const stopping = await startTestServer()
    const token = await stopping.login("user@demo.test")
    const mine = (await stopping.app.inject({ method: "GET", url: "/api/v1/userQuery/get?page=1&limit=1", headers: bearer(token) })).json()
    const url = `/api/v1/userQuery/fetchResponse/${mine.data[0]._id}`
    const thread = await stopping.app.inject({ method: "GET", url, headers: bearer(token) })
    const request = () =>
      ({ method: "GET", url, headers: { ...bearer(token), "if-none-match": String(thread.headers.etag) }, socket: {} }) as unknown as IncomingMessage
    expect(stopping.app.unchangedPoll.answer(request(), response().res)).toBe(true)
    await stopping.close()
    // The same poll, which the memory could still vouch for, now goes to fastify (which answers 503 while it stops).
    expect(stopping.app.unchangedPoll.answer(request(), response().res)).toBe(false)
  })
})
