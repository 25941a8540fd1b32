import { mkdirSync, statSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { dataDirHolder } from "../db/data-dir-lock.ts"
import { openDatabase } from "../db/open-database.ts"
import { fetchSnapshot } from "../db/snapshot-socket.ts"
import { writeBackup } from "../services/ops/backup.ts"
import { progressBar } from "./progress-bar.ts"
import { openConfiguredDatabase, runScript } from "./script-database.ts"

const USAGE = `Usage: npm run backup -- [file]
  Writes every table and every upload into one file (default backups/console-<date>.backup.jsonl.gz).
  Works while the servers run: on DATABASE_URL in one snapshot of PostgreSQL; on the embedded database in
  DATA_DIR from a copy that its running server takes between two statements (or from DATA_DIR itself when
  no server holds it).`

/** `npm run backup`: see USAGE and services/ops/backup.ts for the format. */
await runScript(async () => {
  const { values, positionals } = parseArgs({ options: { help: { type: "boolean", default: false } }, allowPositionals: true, strict: true })
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19)
  const file = resolve(positionals[0] ?? `backups/console-${stamp}.backup.jsonl.gz`)
  mkdirSync(dirname(file), { recursive: true })
  const config = loadConfig()
  const holder = config.databaseUrl ? null : dataDirHolder(config.dataDir)
  if (holder) process.stdout.write(`The server (pid ${holder}) holds ${config.dataDir}: backing up the copy it takes of its database.\n`)
  const database = holder
    ? await openDatabase({ kind: "embedded", dataDir: null, snapshot: new Blob([await fetchSnapshot(config.dataDir, holder)]) })
    : await openConfiguredDatabase(config)
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
