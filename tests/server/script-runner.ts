import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { inject } from "vitest"
import { dropSchema, openDatabase, type OpenDatabase } from "../../server/db/open-database.ts"
import { migratedDataDirInto } from "./seeded-snapshot.ts"

export interface ScriptResult {
  code: number | null
  stdout: string
  stderr: string
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the scripts the server tests run, bundled for this run (tests/server/global-setup.ts). */
    bundledScripts: string | undefined
  }
}

/**
 * Node's arguments that run `server/scripts/<name>.ts`: its bundle made for this run (the same code without
 * compiling the server's modules at every start), else the source through tsx as `npm run` does.
 */
export function scriptCommand(name: string): string[] {
  const bundled = inject("bundledScripts")
  const bundle = bundled && join(bundled, `${name}.mjs`)
  return bundle && existsSync(bundle) ? [bundle] : ["--import", "tsx", `server/scripts/${name}.ts`]
}

/** Runs `server/scripts/<name>.ts` (scriptCommand) as `npm run` would, with only the given settings. */
export function runServerScript(name: string, args: string[], env: Record<string, string>, input?: string): Promise<ScriptResult> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(ADMIN_|DATABASE_URL|DATA_DIR|UPLOADS_DIR|REDIS_|TEST_DATABASE_URL)/.test(k)))
  const child = spawn(process.execPath, [...scriptCommand(name), ...args], {
    env: { ...base, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdin.end(input ?? "")
  return new Promise((resolve, reject) => {
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * A fresh, empty database for a script: an embedded one in its own DATA_DIR (a copy of the run's migrated
 * empty database, so the script skips initdb), or (when TEST_DATABASE_URL is set) a schema of its own on
 * PostgreSQL, named in DATABASE_URL's options.
 */
export interface ScriptTarget {
  env: Record<string, string>
  dataDir: string
  open(): Promise<OpenDatabase>
  cleanup(): Promise<void>
}

export async function scriptTarget(): Promise<ScriptTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-script-"))
  const url = process.env.TEST_DATABASE_URL
  const schema = `s_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: "script-test-secret-long-enough-for-hs256" }
  if (url) {
    const withSchema = new URL(url)
    withSchema.searchParams.set("options", `-c search_path=${schema}`)
    env.DATABASE_URL = withSchema.toString()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(`create schema ${schema}`)
    await client.end()
  } else migratedDataDirInto(dataDir)
  return {
    env,
    dataDir,
    open: () => openDatabase(url ? { kind: "postgres", url, schema } : { kind: "embedded", dataDir }),
    async cleanup() {
      if (url) await dropSchema(url, schema)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
