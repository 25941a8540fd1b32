import { cpSync, readFileSync } from "node:fs"
import { join } from "node:path"
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
