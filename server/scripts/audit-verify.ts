import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { parseCheckpoints, verifyChain } from "../services/audit/audit-chain.ts"
import { openConfiguredDatabase, runScript } from "./script-database.ts"

const USAGE = `Usage: npm run audit:verify -- [--checkpoints file]
  Walks the event log's hash chain and reports the first place it no longer matches (exit code 1), or
  that it is intact (exit code 0). Checks the checkpoints the database keeps and those in the file
  (default: DATA_DIR/audit/checkpoints.log, the copy the server appends each day; keep your own copy).
  Works on DATABASE_URL while the servers run; the embedded database in DATA_DIR only while its server is stopped.`

/** `npm run audit:verify`: see USAGE and services/audit/audit-chain.ts. */
await runScript(async () => {
  const { values } = parseArgs({ options: { help: { type: "boolean", default: false }, checkpoints: { type: "string" } }, strict: true })
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  const config = loadConfig()
  const file = values.checkpoints ? resolve(values.checkpoints) : join(config.dataDir, "audit", "checkpoints.log")
  if (values.checkpoints && !existsSync(file)) throw new Error(`No checkpoints file at ${file}.`)
  const kept = existsSync(file) ? parseCheckpoints(readFileSync(file, "utf8")) : []
  const database = await openConfiguredDatabase(config)
  try {
    const report = await verifyChain(database.db, kept)
    if (!report.intact) {
      process.stdout.write(`Event log BROKEN. ${report.firstBreak}\n`)
      process.exitCode = 1
      throw new Error("The event log's hash chain does not verify.")
    }
    process.stdout.write(
      `Event log intact: ${report.seals} seals covering ${report.sealedEvents} events, ${kept.length} kept checkpoints matched; ${report.unsealed} events not sealed yet (the last seconds' writes). Head: ${report.head}\n`,
    )
  } finally {
    await database.close()
  }
})
