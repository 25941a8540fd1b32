import http from "node:http"
import { connect } from "node:net"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { hasLoggedRequest } from "../fixtures/server-log.ts"
import { killServer, login, request, startServer, type Answer } from "../fixtures/real-server.ts"

/**
 * SIGTERM while ~200 requests are being served: what a rolling deploy does to an instance. The
 * requests the server already had finish with their answers, nothing new gets in (a new connection is
 * refused; a request on a connection kept open answers 503 with `Connection: close`, /readyz too, so a
 * load balancer stops sending), and the process exits 0 well within 10 s.
 */
const IN_FLIGHT = 200
const dataDir = mkdtempSync(join(tmpdir(), "console-sigterm-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const outcome = (promise: Promise<Answer>) =>
  promise.then(
    (a) => ({ status: a.status, connection: a.headers.connection, error: null as string | null }),
    (e: NodeJS.ErrnoException) => ({ status: 0, connection: undefined, error: e.code ?? e.message }),
  )

describe("SIGTERM under load", () => {
  it(`lets ${IN_FLIGHT} in-flight requests finish, refuses new ones, and exits 0 within 10 s`, async () => {
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" })
    try {
      const admin = await login(server.url, "admin@demo.test")
      // Connections opened (and kept open) beforehand, so every request below is on a socket the server has accepted.
      const busy = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT })
      await Promise.all(Array.from({ length: IN_FLIGHT }, () => request(busy, server.url, { path: "/healthz" })))
      const idle = new http.Agent({ keepAlive: true, maxSockets: 1 })
      expect((await request(idle, server.url, { path: "/readyz" })).status).toBe(200)

      // The embedded database answers one query at a time, so 200 list calls queue up inside the server.
      const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
        outcome(
          request(busy, server.url, {
            path: i % 2 ? "/api/v1/userQuery/get?page=1&limit=100" : "/api/v1/user/allUsers/pending?page=1&limit=100",
            token: admin,
          }),
        ),
      )
      let answered = 0
      for (const p of inFlight) void p.then(() => answered++)
      // Signal as soon as the server is answering them (a fixed wait let a fast machine finish them all first).
      await Promise.race([Promise.race(inFlight), new Promise((r) => setTimeout(r, 2_000))])
      expect(answered, "the requests must still be in flight when the signal arrives").toBeLessThan(IN_FLIGHT / 2)

      const signalled = Date.now()
      server.child.kill("SIGTERM")
      // "After the signal" means once the process has handled it (a busy event loop may take a moment).
      while (!server.output().includes("SIGTERM: finishing in-flight requests") && Date.now() - signalled < 5_000) await new Promise((r) => setTimeout(r, 10))
      const [fresh, readyOnOpenSocket] = await Promise.all([
        outcome(request(false, server.url, { path: "/api/v1/userQuery/get", token: admin })),
        outcome(request(idle, server.url, { path: "/readyz" })),
      ])
      const results = await Promise.all(inFlight)
      const exit = await server.exited
      const tookMs = Date.now() - signalled

      const context = `${JSON.stringify({ fresh, readyOnOpenSocket, tookMs, exit })}\n${server.output().slice(-3000)}`
      expect(
        results.filter((r) => r.status !== 200),
        context,
      ).toEqual([])
      // A new connection after the signal: refused, or (if it slipped in) told 503 and to go away.
      expect(fresh.error === "ECONNREFUSED" || (fresh.status === 503 && fresh.connection === "close"), context).toBe(true)
      // A kept-alive connection is closed while idle, or its request is answered 503 with Connection: close.
      expect(
        readyOnOpenSocket.error === "ECONNRESET" ||
          readyOnOpenSocket.error === "ECONNREFUSED" ||
          (readyOnOpenSocket.status === 503 && readyOnOpenSocket.connection === "close"),
        context,
      ).toBe(true)
      expect(exit, context).toEqual({ code: 0, signal: null })
      expect(tookMs, context).toBeLessThan(10_000)
      expect(server.output()).toContain("SIGTERM: finishing in-flight requests")
      busy.destroy()
      idle.destroy()
    } finally {
      await killServer(server)
    }
  })

  it("gives up at 9 s on a request that never completes (a client that stops sending its body), says so and exits 1", async () => {
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" })
    try {
      // Headers promise 100 bytes of body; 10 arrive. The server holds the request open, waiting for the rest.
      const socket = connect(server.port, "127.0.0.1")
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()))
      socket.on("error", () => {})
      socket.write('POST /api/v1/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":')
      // Signal once the server has the request (it logs its headers), however long a busy machine takes to read them.
      const received = () => hasLoggedRequest(server.output(), "/api/v1/user/login")
      const seenAt = Date.now()
      while (!received() && Date.now() - seenAt < 10_000) await new Promise((r) => setTimeout(r, 10))
      expect(received(), "the server logs the half-sent request").toBe(true)
      const signalled = Date.now()
      server.child.kill("SIGTERM")
      const exit = await server.exited
      const tookMs = Date.now() - signalled
      socket.destroy()
      expect(exit, server.output()).toEqual({ code: 1, signal: null })
      expect(tookMs).toBeGreaterThanOrEqual(8_500)
      expect(tookMs).toBeLessThan(10_000)
      expect(server.output()).toContain("SIGTERM: requests still running after 9 s; exiting without them")
    } finally {
      await killServer(server)
    }
  })
})
