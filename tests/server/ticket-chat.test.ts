import { join } from "node:path"
import type { FastifyInstance } from "fastify"
import type { KyselyPlugin } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp } from "../../server/app.ts"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { outboxMailer } from "../../server/services/mail/mailer.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart } from "./ticket-fixtures.ts"
import { memoryTicketVersions } from "../../server/services/tickets/ticket-versions.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  [
    /^(question|answer): (is required|only the Admin answers|the Admin answers; leave question empty)$/,
    "the wrong side for the caller: the raiser sends question, the Admin answer (stated in the request's description)",
  ],
])

let server: TestServer
/** A second app on the same database whose every query is counted, to prove a 304 costs none. */
let counted: FastifyInstance
let queries = 0
const token: Record<string, string> = {}
const ids: Record<string, string> = {}

const countQueries: KyselyPlugin = {
  transformQuery: (args) => {
    queries++
    return args.node
  },
  transformResult: async (args) => args.result,
}

beforeAll(async () => {
  server = await startTestServer()
  for (const who of ["admin", "editor", "lawyer", "counsellor", "user"]) {
    token[who] = await server.login(`${who}@demo.test`)
    ids[who] = (await server.db.selectFrom("users").select("id").where("email", "=", `${who}@demo.test`).executeTakeFirstOrThrow()).id
  }
  counted = await buildApp({
    ticketVersions: memoryTicketVersions(),
    tokenVersions: memoryTokenVersions(),
    db: server.db.withPlugin(countQueries),
    tokens: server.tokens,
    limiter: loginThrottle(),
    mailer: outboxMailer(join(server.dataDir, "outbox"), "Console <no-reply@console.test>", () => {}),
    uploads: localUploadStore(server.dataDir, 2 * 1024 * 1024),
    publicUrl: "http://console.test",
    dataDir: server.dataDir,
    distDir: join(server.dataDir, "no-dist"),
    partnerSignupUrl: "http://console.test/partner-signup",
    uploadLimitBytes: 2 * 1024 * 1024,
    trustProxy: false,
    now: () => server.clock.now,
  })
  await counted.ready()
})
afterAll(async () => {
  await counted.close()
  await server.close()
})

type App = FastifyInstance
const call = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  who: string | null,
  payload?: object,
  app: App = server.app,
  headers: Record<string, string> = {},
) => app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...(who ? bearer(token[who]!) : {}), ...headers } })

async function raise(who: string, query = "Cannot see my session notes.") {
  const body = multipart({ ticketType: "Technical", query })
  const res = await server.app.inject({
    method: "POST",
    url: "/api/v1/userQuery/create",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token[who]!) },
  })
  expect(res.statusCode).toBe(200)
  return res.json().data as { _id: string; ticketId: string }
}
const ask = (who: string, queryId: string, question: string, app?: App) => call("POST", "/userQuery/addResponse", who, { question, queryId }, app)
const answer = (queryId: string, text: string, app?: App) => call("POST", "/userQuery/addResponse", "admin", { answer: text, queryId }, app)
const close = (queryId: string, who = "admin", app?: App) => call("PATCH", "/userQuery/update", who, { queryId }, app)
const rate = (who: string, ticketId: string, rating: number, remark = "Solved quickly.", app?: App) =>
  call("POST", "/userQuery/feedback", who, { rating, remark, ticketId }, app)
const fetchThread = (who: string, queryId: string, etag?: string, app?: App) =>
  call("GET", `/userQuery/fetchResponse/${queryId}`, who, undefined, app, etag ? { "if-none-match": etag } : {})
const eventsOf = async (id: string) => await server.db.selectFrom("events").select(["type", "actor_id"]).where("entity_id", "=", id).orderBy("id").execute()

describe("POST /userQuery/addResponse", () => {
  it("takes the raiser's question and the Admin's answer, in order, each an event", async () => {
    const t = await raise("lawyer")
    expect((await ask("lawyer", t._id, "  Any news?  ")).statusCode).toBe(200)
    const res = await answer(t._id, "Looking into it.")
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.responses).toEqual([
      {
        _id: expect.any(String),
        question: "Any news?",
        answer: null,
        createdAt: expect.any(String),
        addedBy: { _id: ids.lawyer, name: "Leela Lawyer", role: "Lawyer" },
      },
      {
        _id: expect.any(String),
        question: null,
        answer: "Looking into it.",
        createdAt: expect.any(String),
        addedBy: { _id: ids.admin, name: "Asha Admin", role: "Admin" },
      },
    ])
    // The thread reads its responses as JSON beside the ticket: each moment is still the stored one, as an ISO instant in UTC.
    const stored = await server.db.selectFrom("ticket_responses").select(["id", "created_at"]).where("ticket_id", "=", t._id).orderBy("seq").execute()
    expect(data.responses.map((r: { _id: string; createdAt: string }) => [r._id, r.createdAt])).toEqual(stored.map((r) => [r.id, r.created_at.toISOString()]))
    expect(await eventsOf(t._id)).toEqual([
      { type: "ticket.created", actor_id: ids.lawyer },
      { type: "ticket.responded", actor_id: ids.lawyer },
      { type: "ticket.responded", actor_id: ids.admin },
    ])
  })

  it("answers each step with the thread as it is read afresh after it: its responses, its raiser, the ticket's state", async () => {
    const t = await raise("counsellor")
    const steps = [
      () => ask("counsellor", t._id, "First question"),
      () => answer(t._id, "First answer"),
      () => ask("counsellor", t._id, "Second question"),
      () => answer(t._id, "Second answer"),
      () => close(t._id),
    ]
    for (const [i, step] of steps.entries()) {
      const res = await step()
      expect(res.statusCode).toBe(200)
      const afresh = await fetchThread("admin", t._id)
      expect(res.json().data, `step ${i + 1}`).toEqual(afresh.json().data)
    }
    const { data } = (await fetchThread("counsellor", t._id)).json()
    expect(data).toMatchObject({ status: true, name: "Chetan Counsellor", role: "Counsellor" })
    expect(data.responses.map((r: { question: string | null; answer: string | null }) => r.question ?? r.answer)).toEqual([
      "First question",
      "First answer",
      "Second question",
      "Second answer",
    ])
  })

  it("refuses anybody but the raiser and the Admin (403), and anonymous callers (401)", async () => {
    const t = await raise("lawyer")
    expect((await ask("counsellor", t._id, "Me too!")).statusCode).toBe(403)
    expect((await ask("editor", t._id, "Hello")).statusCode).toBe(403)
    expect((await ask("lawyer", "00000000-0000-0000-0000-000000000000", "Hello")).statusCode).toBe(404)
    expect((await call("POST", "/userQuery/addResponse", null, { question: "x", queryId: t._id })).statusCode).toBe(401)
    expect((await fetchThread("lawyer", t._id)).json().data.responses).toEqual([])
  })

  it("keeps the sides apart: questions from the raiser, answers from the Admin (400 naming the field)", async () => {
    const t = await raise("user")
    const cases: Array<[string, object, string]> = [
      ["user", { answer: "I answer myself", queryId: t._id }, "question: is required"],
      ["user", { question: "Why?", answer: "Because", queryId: t._id }, "answer: only the Admin answers"],
      ["user", { question: "   ", queryId: t._id }, "question: is required"],
      ["admin", { question: "Admin asks", queryId: t._id }, "answer: is required"],
      ["admin", { question: "x", answer: "y", queryId: t._id }, "question: the Admin answers; leave question empty"],
      ["admin", { answer: "x" }, "queryId: is required"],
    ]
    for (const [who, payload, message] of cases) {
      const res = await call("POST", "/userQuery/addResponse", who, payload)
      expect(res.statusCode, message).toBe(400)
      expect(res.json().message).toBe(message)
    }
  })
})

describe("PATCH /userQuery/update (close)", () => {
  it("lets the Admin close an open ticket once; again is 409; a closed ticket takes no responses", async () => {
    const t = await raise("counsellor")
    const res = await close(t._id)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.status).toBe(true)
    const again = await close(t._id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: "This ticket is already closed." })
    for (const late of [await ask("counsellor", t._id, "One more thing"), await answer(t._id, "And another")]) {
      expect(late.statusCode).toBe(409)
      expect(late.json().message).toBe("This ticket is closed and takes no new responses.")
    }
    expect((await eventsOf(t._id)).map((e) => e.type)).toEqual(["ticket.created", "ticket.closed"])
  })

  it("is the Admin's alone (403), needs a known queryId (404, 400 naming it)", async () => {
    const t = await raise("counsellor")
    expect((await close(t._id, "counsellor")).statusCode).toBe(403)
    expect((await close(t._id, "editor")).statusCode).toBe(403)
    expect((await call("PATCH", "/userQuery/update", null, { queryId: t._id })).statusCode).toBe(401)
    expect((await close("00000000-0000-0000-0000-000000000000")).statusCode).toBe(404)
    const bad = await call("PATCH", "/userQuery/update", "admin", {})
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("queryId: is required")
  })
})

describe("POST /userQuery/feedback", () => {
  it("only on a closed ticket, only by its raiser, only once; the Admin then sees it", async () => {
    const t = await raise("user")
    const early = await rate("user", t.ticketId, 4)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe("Feedback can be given only after the ticket is closed.")
    await close(t._id)
    expect((await rate("lawyer", t.ticketId, 1)).statusCode).toBe(403)
    expect((await rate("admin", t.ticketId, 1)).statusCode).toBe(403)
    const res = await rate("user", t.ticketId, 4, "  Helpful and quick.  ")
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ message: "Feedback submitted successfully!", data: { userRating: 4, userReview: "Helpful and quick.", status: true } })
    const twice = await rate("user", t.ticketId, 5)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe("Feedback has already been given for this ticket.")
    const seen = (await call("GET", "/userQuery/get?limit=100", "admin")).json().data.find((x: { _id: string }) => x._id === t._id)
    expect(seen).toMatchObject({ userRating: 4, userReview: "Helpful and quick.", name: "Uma User", role: "User" })
    expect((await eventsOf(t._id)).map((e) => e.type)).toEqual(["ticket.created", "ticket.closed", "ticket.feedbackGiven"])
  })

  it("names the bad field: rating outside 1 to 5 or fractional, blank remark, malformed ticketId; unknown ticket is 404", async () => {
    const cases: Array<[object, string]> = [
      [{ rating: 0, remark: "x", ticketId: "TKT-000001" }, "rating: must be a whole number from 1 to 5"],
      [{ rating: 6, remark: "x", ticketId: "TKT-000001" }, "rating: must be a whole number from 1 to 5"],
      [{ rating: 3.5, remark: "x", ticketId: "TKT-000001" }, "rating: must be a whole number from 1 to 5"],
      [{ rating: 3, remark: "  ", ticketId: "TKT-000001" }, "remark: is required"],
      [{ rating: 3, remark: "x", ticketId: "42" }, "ticketId: must look like TKT-000123"],
      [{ remark: "x", ticketId: "TKT-000001" }, "rating: is required"],
    ]
    for (const [payload, message] of cases) {
      const res = await call("POST", "/userQuery/feedback", "user", payload)
      expect(res.statusCode, message).toBe(400)
      expect(res.json().message).toBe(message)
    }
    expect((await rate("user", "TKT-999999", 3)).statusCode).toBe(404)
    expect((await rate("user", "TKT-99999999999", 3)).statusCode).toBe(404)
    expect((await call("POST", "/userQuery/feedback", null, { rating: 3, remark: "x", ticketId: "TKT-000001" })).statusCode).toBe(401)
    expect((await rate("editor", "TKT-000001", 3)).statusCode).toBe(403)
  })
})

describe("GET /userQuery/fetchResponse/:queryId", () => {
  it("answers the raiser and the Admin with an ETag; nobody else (403); unknown is 404", async () => {
    const t = await raise("lawyer")
    for (const who of ["lawyer", "admin"]) {
      const res = await fetchThread(who, t._id)
      expect(res.statusCode).toBe(200)
      expect(res.headers.etag).toMatch(/^".+"$/)
      expect(res.headers["cache-control"]).toBe("private, no-cache")
      expect(res.json().data).toMatchObject({ _id: t._id, ticketId: t.ticketId, status: false, responses: [] })
    }
    expect((await fetchThread("counsellor", t._id)).statusCode).toBe(403)
    expect((await fetchThread("editor", t._id)).statusCode).toBe(403)
    expect((await fetchThread("admin", "00000000-0000-0000-0000-000000000000")).statusCode).toBe(404)
    expect((await call("GET", `/userQuery/fetchResponse/${t._id}`, null)).statusCode).toBe(401)
  })

  it("answers an unchanged ticket 304 without a single database query", async () => {
    const t = await raise("lawyer")
    queries = 0
    const first = await fetchThread("lawyer", t._id, undefined, counted)
    const etag = first.headers.etag as string
    expect(queries, "the first read goes to the database").toBeGreaterThan(0)
    // The Admin's first call reads the Admin's token version once (then cached): done before counting.
    await fetchThread("admin", t._id, undefined, counted)
    queries = 0
    const again = await fetchThread("lawyer", t._id, etag, counted)
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe("")
    expect(again.headers.etag).toBe(etag)
    expect(again.headers["cache-control"]).toBe("private, no-cache")
    // Only what updates the cached answer (RFC 9110 15.4.5): the 200's security headers stay with the cached copy.
    expect(first.headers["x-content-type-options"]).toBe("nosniff")
    for (const header of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-resource-policy"]) {
      expect(again.headers[header], header).toBeUndefined()
    }
    expect((await fetchThread("admin", t._id, `W/${etag}, "other"`, counted)).statusCode).toBe(304)
    expect(queries).toBe(0)
    // A matching ETag gives nothing to somebody who may not see the ticket.
    const stranger = await fetchThread("counsellor", t._id, etag, counted)
    expect(stranger.statusCode).toBe(403)
  })

  it("answers a chat that is behind from the thread its step kept, without a database query", async () => {
    const t = await raise("lawyer")
    const first = await fetchThread("lawyer", t._id, undefined, counted)
    await fetchThread("admin", t._id, undefined, counted)
    const answered = await answer(t._id, "On it.", counted)
    expect(answered.statusCode).toBe(200)
    queries = 0
    const behind = await fetchThread("lawyer", t._id, first.headers.etag as string, counted)
    expect(behind.statusCode).toBe(200)
    expect(behind.headers.etag).not.toBe(first.headers.etag)
    expect(behind.json().data).toEqual(answered.json().data)
    expect(queries).toBe(0)
    // What the database holds, read by an app that kept nothing.
    expect((await fetchThread("lawyer", t._id)).json().data).toEqual(behind.json().data)
  })

  it("moves the ETag on every change: response, close and feedback each give 200 with the news", async () => {
    const t = await raise("user")
    let etag = (await fetchThread("user", t._id, undefined, counted)).headers.etag as string
    const steps: Array<[string, () => Promise<unknown>, (data: { status: boolean; userRating: number | null; responses: unknown[] }) => void]> = [
      ["answer", () => answer(t._id, "Please try again now.", counted), (d) => expect(d.responses).toHaveLength(1)],
      ["question", () => ask("user", t._id, "Still failing.", counted), (d) => expect(d.responses).toHaveLength(2)],
      ["close", () => close(t._id, "admin", counted), (d) => expect(d.status).toBe(true)],
      ["feedback", () => rate("user", t.ticketId, 3, "OK in the end.", counted), (d) => expect(d.userRating).toBe(3)],
    ]
    for (const [step, change, check] of steps) {
      await change()
      const res = await fetchThread("user", t._id, etag, counted)
      expect(res.statusCode, step).toBe(200)
      expect(res.headers.etag, step).not.toBe(etag)
      check(res.json().data)
      etag = res.headers.etag as string
      expect((await fetchThread("user", t._id, etag, counted)).statusCode, step).toBe(304)
    }
  })
})
