import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.ts"

/** Real server processes for the ops tests: several instances behind an imagined load balancer. */
export interface Instance {
  name: string
  url: string
  dataDir: string
  process: ServerProcess
  child: ServerProcess["child"]
  /** What the instance printed so far, line by line. */
  readonly output: string[]
}

/**
 * Starts the server (the bundle `npm start` runs; tests/fixtures/server-process.ts) with `env` on a free port
 * and waits for /readyz; `onOutput` sees what it prints while it starts.
 */
export async function startInstance(name: string, env: Record<string, string>, onOutput?: (chunk: string) => void): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `console-ops-${name}-`))
  try {
    const server = await startServerProcess({ env: { ...env, DATA_DIR: dataDir, TEST_DATABASE_URL: "" }, ...(onOutput ? { onOutput } : {}) })
    return {
      name,
      url: server.url,
      dataDir,
      process: server,
      child: server.child,
      get output() {
        const lines = (text: string) => text.split("\n").filter(Boolean)
        return [...lines(server.stdout()), ...lines(server.stderr()).map((line) => `stderr: ${line}`)]
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw new Error(`instance ${name}: ${(error as Error).message}`, { cause: error })
  }
}

export async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return
  await instance.process.stop("SIGTERM")
  rmSync(instance.dataDir, { recursive: true, force: true })
}

export interface CallInit {
  method?: string
  body?: unknown
  token?: string
  /** The client's address as a load balancer forwards it (instances run with TRUST_PROXY=true). */
  from?: string
  headers?: Record<string, string>
}

export const call = (instance: Instance, path: string, init: CallInit = {}) =>
  fetch(`${instance.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      // Behind the load balancer every client has its own address (TRUST_PROXY=true).
      "x-forwarded-for": init.from ?? "198.51.100.1",
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
