import { spawn, execFileSync, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { buildServer, SERVER_BUNDLE } from "../../scripts/build-server.ts"
import { freePort } from "../fixtures/free-port.ts"

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
  }
}

let server: ChildProcess | undefined
let dataDir = ""

/** Builds the console and the server bundle and starts it as `npm start` does, on a fresh embedded database. */
export async function setup(project: TestProject): Promise<void> {
  // E2E_BASE_URL (and E2E_DATA_DIR for the outbox) runs the suite against a server already started.
  if (process.env.E2E_BASE_URL) {
    project.provide("baseURL", process.env.E2E_BASE_URL)
    project.provide("dataDir", process.env.E2E_DATA_DIR ?? "")
    return
  }
  // Vitest sets NODE_ENV=test, with which Vite builds React's development JSX; test what users get.
  execFileSync("npx", ["vite", "build", "--logLevel", "error"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } })
  await buildServer()
  dataDir = mkdtempSync(join(tmpdir(), "console-e2e-"))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: baseURL, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  })
  server.stdout?.on("data", (chunk: Buffer) => {
    if (process.env.E2E_SERVER_LOG) process.stdout.write(chunk)
  })
  await waitForServer(baseURL, server)
  project.provide("baseURL", baseURL)
  project.provide("dataDir", dataDir)
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve))
    server.kill("SIGTERM")
    await exited
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
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
