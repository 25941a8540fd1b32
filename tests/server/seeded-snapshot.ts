import { cpSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { inject } from "vitest"
import type { DatabaseTarget } from "../../server/db/open-database.ts"

export const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The demo database seeded once for the run (tests/server/global-setup.ts), the moment it was seeded at,
     * and on PostgreSQL the database to copy (a template) instead of the embedded tarball; on either kind, an embedded
     * data directory migrated but empty (its tarball `migrated.tar` beside it).
     */
    seededSnapshot: { dir: string; seededAt: number; migratedDataDir: string; postgresTemplate?: string } | undefined
  }
}

/** A copy of the run's seeded demo database: its uploads copied into `dataDir`, and the database to start from. */
export type SeededCopy = { seededAt: number } & ({ kind: "embedded"; database: Blob } | { kind: "postgres"; template: string })

const tarballs = new Map<string, Blob>()

/**
 * A tarball of the run's, read once per worker: a Blob reaches each database's thread without a copy, where a
 * Uint8Array read for each test (63 MB for the seeded one) was read, cloned to the thread and copied again there.
 */
function tarball(path: string): Blob {
  let blob = tarballs.get(path)
  if (!blob) tarballs.set(path, (blob = new Blob([readFileSync(path)])))
  return blob
}

/** The run's seeded demo database, its uploads copied into `dataDir`; none outside the server project. */
export function seededCopy(dataDir: string): SeededCopy | undefined {
  const snapshot = inject("seededSnapshot")
  if (!snapshot) return undefined
  cpSync(join(snapshot.dir, "uploads"), join(dataDir, "uploads"), { recursive: true })
  if (snapshot.postgresTemplate) return { kind: "postgres", template: snapshot.postgresTemplate, seededAt: snapshot.seededAt }
  return { kind: "embedded", database: tarball(join(snapshot.dir, "database.tar")), seededAt: snapshot.seededAt }
}

/**
 * The run's embedded database migrated but without data, to open in memory (`DatabaseTarget.snapshot`) instead of
 * running initdb and the migrations; undefined outside the server project.
 */
function migratedSnapshot(): Blob | undefined {
  const snapshot = inject("seededSnapshot")
  return snapshot ? tarball(join(snapshot.dir, "migrated.tar")) : undefined
}

/** The embedded database in memory, from the run's migrated empty one where there is one. */
export function migratedTarget(): DatabaseTarget {
  const snapshot = migratedSnapshot()
  return { kind: "embedded", dataDir: null, ...(snapshot ? { snapshot } : {}) }
}

/**
 * An embedded data directory that is the run's migrated, empty database: its files copied into `dataDir`, where
 * the server and the scripts keep them (`<DATA_DIR>/pgdata`). Outside the server project it stays empty, and the
 * first to open it runs initdb.
 */
export function migratedDataDirInto(dataDir: string): void {
  const snapshot = inject("seededSnapshot")
  if (snapshot) cpSync(join(snapshot.migratedDataDir, "pgdata"), join(dataDir, "pgdata"), { recursive: true })
}
