import { appendFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Db } from "../../db/database.ts"
import { checkpointLine, sealPending } from "./audit-chain.ts"

export interface AuditSealer {
  /** Seals soon: called after a write answered (its events have committed by then). */
  soon(): void
  /** Seals what an earlier process left unsealed. */
  start(): void
  /** Seals now what is committed and unsealed, and waits for it (tests compare tables after it). */
  settle(): Promise<void>
  /** Waits for a seal under way. */
  stop(): Promise<void>
}

/** A burst of writes shares one seal round instead of one each. */
const SOON_MS = 200

/**
 * Seals the event log after writes (audit-chain.ts), off the request path: a write's answer never waits
 * for the chain. Each day's first seal keeps a checkpoint, also appended to `<dataDir>/audit/checkpoints.log`
 * for the auditor to copy away. A failure (the database down) is logged and retried by the next write.
 */
export function auditSealer(deps: { db: Db; now: () => number; dataDir: string; warn?: (message: string) => void }): AuditSealer {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const round = async () => {
    try {
      const { checkpoint } = await sealPending(deps.db, new Date(deps.now()))
      if (checkpoint) {
        const dir = join(deps.dataDir, "audit")
        mkdirSync(dir, { recursive: true })
        appendFileSync(join(dir, "checkpoints.log"), `${checkpointLine(checkpoint)}\n`)
      }
    } catch (error) {
      deps.warn?.(`sealing the event log failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const run = () => {
    timer = null
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = round().finally(() => {
      running = null
      if (again && !stopped) {
        again = false
        run()
      }
    })
  }

  return {
    soon() {
      if (!stopped && !timer) timer = setTimeout(run, SOON_MS)
    },
    start() {
      run()
    },
    async settle() {
      if (timer) clearTimeout(timer)
      timer = null
      for (let current = running; current; current = running) await current
      if (stopped) return
      await (running = round().finally(() => (running = null)))
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
