import { mkdirSync, statSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { writeBackup } from "../services/ops/backup.ts"
import { progressBar } from "./progress-bar.ts"
import { openConfiguredDatabase, runScript } from "./script-database.ts"

const USAGE = `Usage: npm run backup -- [file]
  Writes every table and every upload into one file (default backups/console-<date>.backup.jsonl.gz).
  Works on DATABASE_URL while the servers run; the embedded database in DATA_DIR only while its server is stopped.`

/** `npm run backup`: see USAGE and services/ops/backup.ts for the format. */
await runScript(async () => {
  const { values, positionals } = parseArgs({ options: { help: { type: "boolean", default: false } }, allowPositionals: true, strict: true })
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19)
  const file = resolve(positionals[0] ?? `backups/console-${stamp}.backup.jsonl.gz`)
  mkdirSync(dirname(file), { recursive: true })
  const config = loadConfig()
  const database = await openConfiguredDatabase(config)
  try {
    const bar = progressBar("Backup")
    const summary = await writeBackup(database.db, {
      file,
      uploadsDir: config.uploadsDir,
      databaseKind: database.kind,
      onProgress: (d, t, label) => bar.update(d, t, label),
    })
    bar.finish()
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0)
    process.stdout.write(
      `Backup written to ${file} (${Math.ceil(statSync(file).size / 1024)} KiB): ${Object.keys(summary.tables).length} tables, ${rows} rows, ${summary.files} uploads.\n`,
    )
  } finally {
    await database.close()
  }
})
