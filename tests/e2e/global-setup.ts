import { spawn, execFileSync, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { SERVER_BUNDLE } from "../../scripts/build-server.ts"
import { freePort } from "../fixtures/free-port.ts"
import { E2E_WORKERS } from "./workers.ts"

/** One console server the browser tests talk to, and the data directory that holds its outbox. */
export interface E2EServer {
  baseURL: string
  dataDir: string
}

declare module "vitest" {
  export interface ProvidedContext {
    servers: E2EServer[]
  }
}

const started: Array<{ child: ChildProcess; dataDir: string }> = []

/** Builds the console and the server bundle once, and starts one server per worker as `npm start` does, each on a fresh embedded database. */
export async function setup(project: TestProject): Promise<void> {
  // E2E_BASE_URL (and E2E_DATA_DIR for the outbox) runs the suite against a server already started.
  if (process.env.E2E_BASE_URL) {
    project.provide("servers", [{ baseURL: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR ?? "" }])
    return
  }
  // As `npm start` builds: the console in production mode and the server bundle, only when a source changed since the last build.
  execFileSync(process.execPath, ["scripts/build-if-changed.mjs"], { stdio: "inherit" })
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()))
  project.provide("servers", servers)
}

async function startServer(): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-e2e-"))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: baseURL, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  })
  started.push({ child, dataDir })
  child.stdout?.on("data", (chunk: Buffer) => {
    if (process.env.E2E_SERVER_LOG) process.stdout.write(chunk)
  })
  await waitForServer(baseURL, child)
  return { baseURL, dataDir }
}

export async function teardown(): Promise<void> {
  await Promise.all(
    started.map(async ({ child, dataDir }) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve))
        child.kill("SIGTERM")
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    }),
  )
}

async function waitForServer(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${baseURL}/login`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error("server did not start within 60 s")
}
