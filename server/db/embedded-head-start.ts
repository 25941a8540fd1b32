import { dataDirOf, usesEmbeddedDatabase } from "../data-dir.ts"
import { lockDataDir } from "./data-dir-lock.ts"
import { PGLITE_SHARED_BUFFERS, startThread, type StartingThread } from "./pglite-thread.ts"

/**
 * The embedded database's thread started by server/start.ts before it loads the server's bundle. PGlite
 * takes most of a second to start on its own thread, and loading the bundle (reading, compiling and
 * running the start-up code of some 6 MB) took about 0.6 s of the main thread before the database
 * began to open: started first, the two overlap on the machine's two cores. The data directory is
 * locked first, as the server would (two processes on one PGlite directory lose writes).
 *
 * The bundle and start.ts are two separate bundles, so the thread is handed over through a global.
 */
export interface HeadStart {
  dataDir: string
  thread: StartingThread
  unlock: () => void
}

const KEY = Symbol.for("console.embedded-head-start")
type Holder = { [KEY]?: HeadStart }

/** Starts the embedded database's thread for the environment the server will read, when it uses one. */
export function startEmbeddedEarly(env: NodeJS.ProcessEnv): void {
  if (!usesEmbeddedDatabase(env)) return
  const dataDir = dataDirOf(env)
  let unlock: () => void
  try {
    unlock = lockDataDir(dataDir)
  } catch {
    // Held by another server, or not writable: the server's own start says so in the user's words.
    return
  }
  const thread = startThread({ dataDir: `${dataDir}/pgdata`, sharedBuffers: PGLITE_SHARED_BUFFERS })
  // Whoever takes the thread over reports a failed start; a process that ends first never does.
  thread.ready.catch(() => {})
  ;(globalThis as Holder)[KEY] = { dataDir, thread, unlock }
}

/**
 * The head start for this data directory, once (null when there is none). One started for another
 * directory is stopped and its lock given back. The same directory with another buffer pool is a
 * mistake in the code (the head start always uses PGLITE_SHARED_BUFFERS), refused loudly: a second PGlite on a directory the first still holds loses writes.
 */
export function takeEmbeddedHeadStart(dataDir: string, sharedBuffers: string): HeadStart | null {
  const holder = globalThis as Holder
  const early = holder[KEY]
  if (!early) return null
  delete holder[KEY]
  if (early.dataDir !== dataDir) {
    void early.thread.worker.terminate().finally(early.unlock)
    return null
  }
  if (sharedBuffers !== PGLITE_SHARED_BUFFERS) {
    throw new Error(`The embedded database in ${dataDir} was started early with ${PGLITE_SHARED_BUFFERS} of shared buffers, not ${sharedBuffers}`)
  }
  return early
}
