import { cpSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { inject } from "vitest"

export const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024

declare module "vitest" {
  export interface ProvidedContext {
    /** The demo database seeded once for the run (tests/server/global-setup.ts), and the moment it was seeded at. */
    seededSnapshot: { dir: string; seededAt: number } | undefined
  }
}

/** The run's seeded demo database, its uploads copied into `dataDir`; none on PostgreSQL or outside the server project. */
export function seededCopy(dataDir: string): { database: Uint8Array; seededAt: number } | undefined {
  const snapshot = inject("seededSnapshot")
  if (!snapshot) return undefined
  cpSync(join(snapshot.dir, "uploads"), join(dataDir, "uploads"), { recursive: true })
  return { database: readFileSync(join(snapshot.dir, "database.tar")), seededAt: snapshot.seededAt }
}
