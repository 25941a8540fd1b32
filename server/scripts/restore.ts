import { existsSync } from "node:fs"
import { resolve } from "node:path"
import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { restoreBackup } from "../services/ops/restore.ts"
import { progressBar, type ProgressBar } from "./progress-bar.ts"
import { BULK_LOAD_SHARED_BUFFERS, openConfiguredDatabase, runScript, UsageError } from "./script-database.ts"

const USAGE = `Usage: npm run restore -- <file> [--force]
  Loads a file written by npm run backup into an empty database (DATABASE_URL, else the embedded one in
  DATA_DIR, whose server must be stopped) and its uploads folder. --force replaces whatever is there.
  Stop every server first: a restore is not meant to run beside live traffic.`

/** `npm run restore`: see USAGE. */
await runScript(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  })
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  if (positionals.length !== 1) throw new UsageError(USAGE)
  const file = resolve(positionals[0]!)
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`)
  const config = loadConfig()
  const database = await openConfiguredDatabase(config, { sharedBuffers: BULK_LOAD_SHARED_BUFFERS })
  try {
    // Tables first (their number is known), then a counter of uploads.
    const bars: { tables: ProgressBar; uploads: ProgressBar | null } = { tables: progressBar("Restoring tables"), uploads: null }
    const summary = await restoreBackup(database.db, {
      file,
      uploadsDir: config.uploadsDir,
      force: values.force,
      onProgress: (done, total, label) => {
        if (total > 0) return bars.tables.update(done, total, label)
        if (!bars.uploads) {
          bars.tables.finish()
          bars.uploads = progressBar("Restoring uploads")
        }
        bars.uploads.update(done, 0, label)
      },
    })
    ;(bars.uploads ?? bars.tables).finish()
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0)
    process.stdout.write(`Restored ${Object.keys(summary.tables).length} tables, ${rows} rows and ${summary.files} uploads from ${file}.\n`)
  } finally {
    await database.close()
  }
})
