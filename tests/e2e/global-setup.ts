import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { ensureBuilt, startServerProcess, type ServerProcess } from "../fixtures/server-process.ts"
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

const started: Array<{ server: ServerProcess; dataDir: string }> = []

/** Builds the console and the server bundle once, and starts one server per worker as `npm start` does, each on a fresh embedded database. */
export async function setup(project: TestProject): Promise<void> {
  // E2E_BASE_URL (and E2E_DATA_DIR for the outbox) runs the suite against a server already started.
  if (process.env.E2E_BASE_URL) {
    project.provide("servers", [{ baseURL: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR ?? "" }])
    return
  }
  // As `npm start` builds: the console in production mode and the server bundle, only when a source changed since the last build.
  ensureBuilt()
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()))
  project.provide("servers", servers)
}

async function startServer(): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-e2e-"))
  const server = await startServerProcess({
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn" },
    ...(process.env.E2E_SERVER_LOG ? { onOutput: (chunk: string) => void process.stdout.write(chunk) } : {}),
  })
  started.push({ server, dataDir })
  return { baseURL: server.url, dataDir }
}

export async function teardown(): Promise<void> {
  await Promise.all(
    started.map(async ({ server, dataDir }) => {
      await server.stop("SIGTERM")
      rmSync(dataDir, { recursive: true, force: true })
    }),
  )
}
