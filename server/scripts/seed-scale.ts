import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { seedScale } from "../db/seeds/scale-seed.ts"
import { localUploadStore } from "../services/storage/uploads.ts"
import { seedDemoIfEmpty } from "./demo-seed.ts"
import { progressBar, type ProgressBar } from "./progress-bar.ts"
import { BULK_LOAD_SHARED_BUFFERS, openConfiguredDatabase, runScript, UsageError } from "./script-database.ts"

/** One shared progress bar per table, in the order the seed fills them. */
function tableProgress() {
  let current: { table: string; bar: ProgressBar } | null = null
  return (table: string, done: number, total: number) => {
    if (current?.table !== table) {
      current?.bar.finish()
      current = { table, bar: progressBar(table.padEnd(28)) }
    }
    current.bar.update(done, total)
    if (done >= total) {
      current.bar.finish()
      current = null
    }
  }
}

/**
 * `npm run seed:scale -- [--scale 1] [--data-dir DIR]`: fills DATABASE_URL, else the embedded
 * database in the data directory, with the issue-9 data set (scale 1 = a million people). An empty
 * database first gets the demo data, so the demo logins (password Demo@12345) can read the lists.
 */
await runScript(async () => {
  let values: { scale?: string; "data-dir"?: string }
  try {
    values = parseArgs({ options: { scale: { type: "string" }, "data-dir": { type: "string" } } }).values
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run seed:scale -- [--scale 1] [--data-dir DIR]`)
  }
  const scale = Number(values.scale ?? 1)
  if (!Number.isFinite(scale)) throw new UsageError(`--scale must be a number, got "${values.scale}"`)
  const config = loadConfig({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) })
  const database = await openConfiguredDatabase(config, { sharedBuffers: BULK_LOAD_SHARED_BUFFERS })
  try {
    const where = config.databaseUrl ? "DATABASE_URL" : config.dataDir
    process.stderr.write(`Seeding scale ${scale} into ${where}\n`)
    if (await seedDemoIfEmpty(database.db, localUploadStore(config.dataDir, config.uploadLimitBytes, config.uploadsDir))) {
      process.stderr.write("Empty database: demo data seeded first (demo logins, password Demo@12345).\n")
    }
    const { sizes, timings } = await seedScale(database.db, { scale }, tableProgress())
    process.stdout.write(`${JSON.stringify({ scale, sizes, timingsMs: timings })}\n`)
  } finally {
    await database.close()
  }
})
