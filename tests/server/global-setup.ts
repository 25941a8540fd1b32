import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { openDatabase } from "../../server/db/open-database.ts"
import { seedDemo } from "../../server/scripts/demo-seed.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { bundleScripts } from "../../scripts/build-server.ts"
import { createDatabase, dropDatabase, withDatabase } from "../fixtures/postgres-databases.ts"
import { UPLOAD_LIMIT_BYTES } from "./seeded-snapshot.ts"

/** The scripts the server tests run (tests/server/script-runner.ts), bundled once per run. */
const SCRIPTS_RUN_BY_TESTS = ["create-admin", "backup", "restore", "audit-verify"]

/**
 * One seeded database per run, not one per file: a fresh database runs its migrations and the demo seed
 * (on PGlite initdb too, some 4 s of a busy core), about 70 times. Here that is done once; each test's
 * server (tests/server/harness.ts) starts from a copy: PGlite's data directory as a tarball (about 0.3 s),
 * or on PostgreSQL (TEST_DATABASE_URL) a database of its own made with the seeded one as its template.
 *
 * Also once per run, on either kind: the embedded database migrated but empty, for the tests that start from
 * nothing (an unseeded server, a script's first run, a restore's target). PGlite's initdb alone costs several
 * seconds of a core, some twenty times a run; a copy of its files (a data directory) or its tarball (in memory)
 * is the same database, ready in a fraction of that. And the scripts the tests run, bundled (script-runner.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "console-seeded-"))
  const seededAt = Date.now()
  const url = process.env.TEST_DATABASE_URL
  const template = url ? `seeded_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined
  const migratedDir = join(dir, "migrated")

  const migrated = (async () => {
    const database = await openDatabase({ kind: "embedded", dataDir: migratedDir })
    try {
      const tarball = await database.dump!()
      writeFileSync(join(dir, "migrated.tar"), tarball)
      return tarball
    } finally {
      await database.close()
    }
  })()
  const seeded = (async () => {
    if (url && template) await createDatabase(url, template)
    const database = await openDatabase(
      url && template ? { kind: "postgres", url: withDatabase(url, template) } : { kind: "embedded", dataDir: null, snapshot: new Blob([await migrated]) },
    )
    try {
      await seedDemo(database.db, seededAt, localUploadStore(dir, UPLOAD_LIMIT_BYTES))
      if (database.dump) writeFileSync(join(dir, "database.tar"), await database.dump())
    } finally {
      // A template database takes copies only while nobody is connected to it.
      await database.close()
    }
  })()
  // One level under server/, where the scripts find the files they read relative to themselves.
  const scripts = mkdtempSync(join("server", ".build-scripts-"))
  await Promise.all([migrated, seeded, bundleScripts(SCRIPTS_RUN_BY_TESTS, scripts)])
  project.provide("seededSnapshot", { dir, seededAt, migratedDataDir: migratedDir, ...(template ? { postgresTemplate: template } : {}) })
  project.provide("bundledScripts", scripts)
  return async () => {
    if (url && template) await dropDatabase(url, template)
    rmSync(dir, { recursive: true, force: true })
    rmSync(scripts, { recursive: true, force: true })
  }
}
