import { existsSync } from "node:fs"
import { resolve } from "node:path"
import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { restoreBackup } from "../services/ops/restore.ts"
import { openConfiguredDatabase, runScript, UsageError } from "./script-database.ts"

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
  const database = await openConfiguredDatabase(config)
  try {
    const summary = await restoreBackup(database.db, { file, uploadsDir: config.uploadsDir, force: values.force })
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0)
    process.stdout.write(`Restored ${Object.keys(summary.tables).length} tables, ${rows} rows and ${summary.files} uploads from ${file}.\n`)
  } finally {
    await database.close()
  }
})
