import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { BENCH_ADMIN } from "./api-session.ts"
import { runNode } from "./processes.ts"
import { createDatabase, dropDatabase, withDatabase } from "../../tests/fixtures/postgres-databases.ts"

export interface DataOptions {
  db: "embedded" | "postgres"
  scale: number
  /** Embedded: a data directory kept between runs (seeded once per scale); else a fresh temporary one. */
  dataDir: string | null
  pgUrl: string
  /** PostgreSQL: keep an already seeded database instead of recreating it. */
  reuse: boolean
  log: (line: string) => void
  /**
   * The seeder's progress bars held back and shown only if it fails: CI's seeds (the short bench's and the growth
   * run's) printed some 350 lines of them (about 120 each) into the log of every run.
   */
  quiet?: boolean
}

export interface PreparedData {
  /** Environment of the server process (DATA_DIR, DATABASE_URL, …). */
  env: NodeJS.ProcessEnv
  /** What the database holds, for the report: "scale 0.01" or the demo data when seed:scale is absent. */
  describe: string
  cleanup(): void
}

const SCALE_SEEDER = "server/scripts/seed-scale.ts"
const MARKER = "bench-seed.json"

/**
 * Gets a seeded database for the server: `seed:scale` at the asked scale (the data branch's seeder),
 * or the demo data while that seeder is not in this tree (reported as such, never passed off as scale),
 * plus the benchmark's own Admin through create-admin's service so signing in never depends on the seed.
 */
export async function prepareData(options: DataOptions): Promise<PreparedData> {
  const haveScaleSeeder = existsSync(SCALE_SEEDER)
  const describe = haveScaleSeeder ? `scale ${options.scale} (seed:scale)` : "demo data (seed:scale not in this tree yet)"
  const temporary = options.db === "postgres" || !options.dataDir
  const dataDir = temporary ? mkdtempSync(join(tmpdir(), "console-bench-")) : options.dataDir!
  const cleanup = () => void (temporary && rmSync(dataDir, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: options.db === "postgres" ? options.pgUrl : undefined,
    DEMO_SEED: "false",
    JWT_SECRET: "bench-secret-".padEnd(48, "x"),
  }
  try {
    if (await alreadySeeded(options, dataDir, describe)) {
      options.log(`reusing the seeded database (${describe})`)
      return { env, describe, cleanup }
    }
    if (options.db === "postgres") await recreateDatabase(options.pgUrl)
    options.log(`seeding: ${describe}`)
    const started = performance.now()
    if (haveScaleSeeder) await runNode([SCALE_SEEDER, "--scale", String(options.scale), "--data-dir", dataDir], env, options.quiet)
    else await runNode(["server/scripts/seed-demo.ts"], env, true)
    await runNode(
      ["server/scripts/create-admin.ts", "--force"],
      { ...env, ADMIN_NAME: BENCH_ADMIN.name, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
      true,
    )
    options.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    if (options.db === "embedded") writeFileSync(join(dataDir, MARKER), JSON.stringify({ describe }))
    return { env, describe, cleanup }
  } catch (error) {
    cleanup()
    throw error
  }
}

async function alreadySeeded(options: DataOptions, dataDir: string, describe: string): Promise<boolean> {
  if (options.db === "embedded") {
    const marker = join(dataDir, MARKER)
    return existsSync(marker) && (JSON.parse(readFileSync(marker, "utf8")) as { describe: string }).describe === describe
  }
  if (!options.reuse) return false
  const client = new pg.Client({ connectionString: options.pgUrl })
  try {
    await client.connect()
    const { rows } = await client.query<{ n: string }>("select count(*) as n from users where email = $1", [BENCH_ADMIN.email])
    return Number(rows[0]?.n) > 0
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Drops and creates the benchmark's own database (never the tests' `test` database). */
async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  if (name === "test" || name === "postgres") throw new Error(`refusing to recreate database "${name}": give the benchmark a database of its own`)
  const admin = withDatabase(url, "postgres")
  await dropDatabase(admin, name)
  await createDatabase(admin, name)
}
