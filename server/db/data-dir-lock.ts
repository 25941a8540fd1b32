import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs"
import { join } from "node:path"

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes.
 * A pid file taken with O_EXCL refuses the second process; a stale file (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, "server.lock")
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx")
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      const holder = Number(readFileSync(path, "utf8"))
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another server process (pid ${holder}). Stop it first, or start this one with another DATA_DIR.`,
          { cause: error },
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`)
}

/** The pid of the live process that holds the data directory, or null when none does (a stale lock included). */
export function dataDirHolder(dataDir: string): number | null {
  let holder: number
  try {
    holder = Number(readFileSync(join(dataDir, "server.lock"), "utf8"))
  } catch {
    return null
  }
  return holder && holder !== process.pid && isAlive(holder) ? holder : null
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}
