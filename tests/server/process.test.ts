import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { SERVER_BUNDLE } from "../../scripts/build-server.ts"
import { freePort } from "../fixtures/free-port.ts"
import { ensureBuilt } from "../fixtures/server-process.ts"
import { hasLoggedRequest } from "../fixtures/server-log.ts"

/**
 * The real server process as `npm start` runs it (the run's bundle, built once and only when a source changed)
 * on a data directory of its own.
 */
const dataDir = mkdtempSync(join(tmpdir(), "console-process-"))
const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL")
  rmSync(dataDir, { recursive: true, force: true })
})

function startServer(port: number, extra: Record<string, string> = {}, dir = dataDir) {
  ensureBuilt()
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "info", ...extra },
    stdio: ["ignore", "pipe", "pipe"],
  })
  children.push(child)
  let output = ""
  child.stdout!.on("data", (d: Buffer) => (output += d))
  child.stderr!.on("data", (d: Buffer) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("timed out")
}

const ready = (port: number) => async () => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/user/getProfile`)).status === 401
  } catch {
    return false
  }
}

describe("the server process on the embedded database", () => {
  it("seeds an empty data directory, refuses a second process on it, and stops cleanly on SIGTERM", async () => {
    const port = await freePort()
    const first = startServer(port)
    await waitUntil(ready(port), 60_000)
    expect(first.output()).toContain("demo data seeded")
    expect(first.output()).toContain("admin@demo.test")

    const second = startServer(await freePort())
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/is in use by another server process \(pid \d+\)/)

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.test", password: "Demo@12345" }),
    })
    // In flight: the server has logged the request (a sign-in then takes a password hash's time to answer).
    await waitUntil(() => hasLoggedRequest(first.output(), "/api/v1/user/login"), 10_000)
    const started = Date.now()
    first.child.kill("SIGTERM")
    expect((await inFlight).status).toBe(200)
    expect(await first.exited, first.output()).toBe(0)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(existsSync(join(dataDir, "server.lock"))).toBe(false)

    // The data directory opens cleanly again, without seeding twice.
    const againPort = await freePort()
    const again = startServer(againPort)
    const readyAgain = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${againPort}/login`)).status > 0
      } catch {
        return false
      }
    }
    await waitUntil(readyAgain, 60_000)
    expect(again.output()).not.toContain("demo data seeded")
    again.child.kill("SIGTERM")
    expect(await again.exited, again.output()).toBe(0)
  }, 120_000)

  it("with DEMO_SEED=false leaves an empty production database empty", async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), "console-no-demo-"))
    const quietPort = await freePort()
    const server = startServer(quietPort, { DEMO_SEED: "false" }, emptyDir)
    const up = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${quietPort}/api/v1/user/getProfile`)).status === 401
      } catch {
        return false
      }
    }
    await waitUntil(up, 60_000)
    const login = await fetch(`http://127.0.0.1:${quietPort}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.test", password: "Demo@12345" }),
    })
    expect(login.status).toBe(401)
    expect(server.output()).not.toContain("demo data seeded")
    expect(server.output()).not.toContain("demo logins")
    server.child.kill("SIGTERM")
    expect(await server.exited).toBe(0)
    rmSync(emptyDir, { recursive: true, force: true })
  }, 120_000)
})
