import { loadConfig, type Config } from "../config.ts"
import { openDatabase, type OpenDatabase, type OpenOptions } from "../db/open-database.ts"

/** A bulk load (the scale seed, a restore) writes far more pages than the server reads: PostgreSQL's usual pool. */
export const BULK_LOAD_SHARED_BUFFERS = "128MB"

/** The database the server would use (DATABASE_URL, else the embedded one in DATA_DIR), migrated. */
export async function openConfiguredDatabase(config: Config = loadConfig(), options: OpenOptions = {}): Promise<OpenDatabase> {
  return openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "embedded", dataDir: config.dataDir }, options)
}

/** Runs a command-line script: its own message on failure (no stack), and exit codes 0 / 1 / 2 (usage). */
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main()
    process.exit(0)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(error instanceof UsageError ? 2 : 1)
  }
}

export class UsageError extends Error {}
