import type { IncomingHttpHeaders } from "node:http"
import { Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { call, configureApiClient } from "../../src/api/client.ts"
import { endpoint } from "../../src/api/contract/endpoint.ts"
import { RETRY_DELAYS_MS } from "../../src/api/retry.ts"
import { startTestServer, testServerOrigins } from "./test-server.ts"

/** Issue 33, the console's side: reads and keyed writes are retried with backoff, with one key for all attempts. */
const Ok = Schema.Struct({ ok: Schema.Boolean })
const read = endpoint({ name: "read", method: "GET", path: "/thing", answer: Ok, access: "signedIn", summary: "a read" })
const write = endpoint({
  name: "write",
  method: "POST",
  path: "/thing",
  body: Schema.Struct({ text: Schema.String }),
  answer: Ok,
  access: "signedIn",
  summary: "a write",
})
const signIn = endpoint({ name: "signIn", signIn: true, method: "POST", path: "/sign-in", answer: Ok, access: "public", summary: "a sign-in step" })

let server: Awaited<ReturnType<typeof startTestServer>>
let baseURL = ""
/** The statuses the server answers in turn (the last one from then on). */
let script: number[] = []
let seen: IncomingHttpHeaders[] = []
let sleeps: number[] = []
let reports: string[] = []

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    seen.push(request.headers)
    const status = script.length > 1 ? script.shift()! : script[0]!
    response.writeHead(status, { "content-type": "application/json" })
    response.end(
      JSON.stringify(
        status === 200 ? { ok: true } : { success: false, message: status === 503 ? "The service can't reach its database right now." : "Name is required" },
      ),
    )
  })
  baseURL = server.baseURL
})
afterAll(() => server.close())

beforeEach(() => {
  seen = []
  sleeps = []
  reports = []
  configureApiClient({
    baseURL,
    getToken: () => "a-token",
    onUnreachable: () => void reports.push("unreachable"),
    onAnswered: () => void reports.push("answered"),
    sleep: async (ms) => void sleeps.push(ms),
  })
})

describe("the API client when the server cannot answer", () => {
  it("retries a read after 503s with growing waits, and reports the connection lost, then back", async () => {
    script = [503, 503, 200]
    expect(await call(read)).toEqual({ ok: true })
    expect(seen).toHaveLength(3)
    expect(sleeps).toEqual([500, 1_000])
    expect(reports).toEqual(["unreachable", "unreachable", "answered"])
  })

  it("retries a write with one Idempotency-Key for every attempt, and a new key for the next write", async () => {
    script = [503, 200]
    await call(write, { body: { text: "hello" } })
    await call(write, { body: { text: "hello" } })
    const keys = seen.map((h) => h["idempotency-key"])
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
    expect(seen[0]!.authorization).toBe("Bearer a-token")
  })

  it("never retries a sign-in step, which carries no key, and shows the server's message", async () => {
    script = [503]
    await expect(call(signIn)).rejects.toMatchObject({ status: 503, message: "The service can't reach its database right now." })
    expect(seen).toHaveLength(1)
    expect(seen[0]!["idempotency-key"]).toBeUndefined()
    expect(reports).toEqual(["unreachable"])
  })

  it("does not retry a refusal (4xx), which is an answer", async () => {
    script = [400]
    await expect(call(write, { body: { text: "" } })).rejects.toMatchObject({ status: 400, message: "Name is required" })
    expect(seen).toHaveLength(1)
    expect(reports).toEqual(["answered"])
  })

  it("gives up after the last wait when nothing answers at all, with the usual message", async () => {
    // Port 9 (discard) has nothing listening: every attempt is refused by the system, not by no-network.setup.ts.
    const nobody = "http://127.0.0.1:9"
    configureApiClient({ baseURL: nobody })
    testServerOrigins.add(nobody)
    try {
      await expect(call(read)).rejects.toMatchObject({ kind: "network", message: "Could not reach the server." })
    } finally {
      testServerOrigins.delete(nobody)
      configureApiClient({ baseURL })
    }
    expect(sleeps).toEqual([...RETRY_DELAYS_MS])
    expect(reports).toEqual(Array(RETRY_DELAYS_MS.length + 1).fill("unreachable"))
  })
})
