import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { openDatabase } from "../../server/db/open-database.ts"
import { seedDemo } from "../../server/scripts/demo-seed.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { UPLOAD_LIMIT_BYTES } from "./seeded-snapshot.ts"

/**
 * One seeded database per run, not one per file: a fresh embedded database runs initdb, 22 migrations
 * and the demo seed, some 4 s of a busy core, about 70 times. Here that is done once; each test's
 * server (tests/server/harness.ts) starts from the copy in about 0.3 s. On PostgreSQL (TEST_DATABASE_URL)
 * every test still migrates and seeds a schema of its own.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return
  const dir = mkdtempSync(join(tmpdir(), "console-seeded-"))
  const seededAt = Date.now()
  const database = await openDatabase({ kind: "embedded", dataDir: null })
  try {
    await seedDemo(database.db, seededAt, localUploadStore(dir, UPLOAD_LIMIT_BYTES))
    writeFileSync(join(dir, "database.tar"), await database.dump!())
  } finally {
    await database.close()
  }
  project.provide("seededSnapshot", { dir, seededAt })
  return () => rmSync(dir, { recursive: true, force: true })
}
