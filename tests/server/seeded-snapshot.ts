import { cpSync, readFileSync } from "node:fs"
import { join } from "node:path"
import pg from "pg"
import { inject } from "vitest"

export const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The demo database seeded once for the run (tests/server/global-setup.ts), the moment it was seeded at,
     * and on PostgreSQL the database to copy (a template) instead of the embedded tarball.
     */
    seededSnapshot: { dir: string; seededAt: number; postgresTemplate?: string } | undefined
  }
}

/** A copy of the run's seeded demo database: its uploads copied into `dataDir`, and the database to start from. */
export type SeededCopy = { seededAt: number } & ({ kind: "embedded"; database: Uint8Array } | { kind: "postgres"; template: string })

/** The run's seeded demo database, its uploads copied into `dataDir`; none outside the server project. */
export function seededCopy(dataDir: string): SeededCopy | undefined {
  const snapshot = inject("seededSnapshot")
  if (!snapshot) return undefined
  cpSync(join(snapshot.dir, "uploads"), join(dataDir, "uploads"), { recursive: true })
  if (snapshot.postgresTemplate) return { kind: "postgres", template: snapshot.postgresTemplate, seededAt: snapshot.seededAt }
  return { kind: "embedded", database: readFileSync(join(snapshot.dir, "database.tar")), seededAt: snapshot.seededAt }
}

/** `url` pointing at another database of the same server. */
export function withDatabase(url: string, database: string): string {
  const other = new URL(url)
  other.pathname = `/${database}`
  return other.toString()
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new database on `url`'s server, empty or (with `template`) a copy of that one. */
export async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  if (!SAFE_NAME.test(name) || (template && !SAFE_NAME.test(template))) throw new Error(`Bad database name ${name} ${template ?? ""}`)
  await onServer(url, `create database ${name}${template ? ` template ${template}` : ""}`)
}

/** Drops a database the tests made, closing what is still connected to it. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  if (!SAFE_NAME.test(name)) throw new Error(`Bad database name ${name}`)
  await onServer(url, `drop database if exists ${name} with (force)`)
}
