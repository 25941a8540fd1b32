// @ts-check
/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly on the thread
 * that calls it: on the server's main thread, one slow statement (a search over a million people)
 * held every other request, timer and health probe for as long as it ran. Here it holds only this
 * thread; the main thread talks to it through server/db/pglite-thread.ts.
 *
 * Plain JavaScript, not TypeScript: Node 20 cannot give a worker thread the TypeScript loader the
 * tests run under, and the same file then serves the tests, `npm start` and the bundle alike.
 *
 * Messages in:  { id, sql, params, rowMode, inTransaction } | { id, begin: true } | { id, end: "commit" | "rollback" } | { id, dump: true } | { id, close: true }
 * Messages out: { ready: true } | { startError } once, then { id, result } | { id, error } per message.
 */
import { parentPort, workerData } from "node:worker_threads"
import { PGlite } from "@electric-sql/pglite"
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort)
/** @type {{ dataDir: string | null, sharedBuffers: string, loadDataDir: Blob | null, pgliteWasmModule: WebAssembly.Module | null }} */
const { dataDir, sharedBuffers, loadDataDir, pgliteWasmModule } = workerData

/** An error as plain data: a thrown DatabaseError's SQLSTATE, constraint and detail survive the copy. */
function plain(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) }
  return { ...error, name: error.name, message: error.message }
}

const ROLLBACK = Symbol("rollback")
/** The open transaction's handle, and how to end it; PGlite holds its other statements until then. */
/** @type {{ tx: import("@electric-sql/pglite").Transaction, commit: () => void, rollback: () => void, ended: Promise<unknown> } | null} */
let open = null

let pglite
try {
  // The options form: given an undefined data directory, the two-argument form drops its options.
  pglite = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    // A copy of a database made earlier (PGliteThread.dumpDataDir): no initdb, no migrations to run.
    ...(loadDataDir ? { loadDataDir } : {}),
    // Compiled once by the process for all its threads but the first (server/db/pglite-thread.ts), which compiles its own.
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`],
  })
  await pglite.waitReady
  port.postMessage({ ready: true })
} catch (error) {
  port.postMessage({ startError: plain(error) })
  process.exit(1)
}
const db = pglite

/** Starts a transaction through PGlite's own API, which refuses to commit one a failed statement aborted (25P02). */
async function begin() {
  /** @type {(value?: unknown) => void} */ let commit = () => {}
  /** @type {(reason: unknown) => void} */ let rollback = () => {}
  const waiting = new Promise((resolve, reject) => ((commit = resolve), (rollback = reject)))
  /** @type {(tx: import("@electric-sql/pglite").Transaction) => void} */ let started = () => {}
  const begun = new Promise((resolve) => (started = resolve))
  const ended = db.transaction(async (tx) => {
    started(tx)
    await waiting
  })
  const failedToBegin = ended.then(() => Promise.reject(new Error("The transaction ended before it began")))
  failedToBegin.catch(() => {}) // read through the race below only while the transaction starts
  const tx = /** @type {import("@electric-sql/pglite").Transaction} */ (await Promise.race([begun, failedToBegin]))
  open = { tx, commit: () => commit(), rollback: () => rollback(ROLLBACK), ended }
}

/**
 * A statement or commit sent for a transaction this thread does not hold: it began on a thread that has since
 * been replaced (a crash, a runaway statement), and its statements there are lost. Run alone, the rest would
 * commit half a write and report success; it is refused instead, as PostgreSQL ends a session it shuts down.
 */
const transactionLost = () =>
  Object.assign(new Error("The embedded database restarted during the transaction: it was rolled back, and the rest of it is refused"), {
    code: "57P01",
  })

async function end(/** @type {"commit" | "rollback"} */ how) {
  const current = open
  open = null
  if (!current) {
    if (how === "commit") throw transactionLost()
    return // a rollback after the thread restarted: nothing is open any more
  }
  if (how === "commit") current.commit()
  else current.rollback()
  try {
    await current.ended
  } catch (error) {
    if (error !== ROLLBACK) throw error
  }
}

port.on("message", async (/** @type {any} */ message) => {
  const { id } = message
  try {
    if (message.close) {
      await db.close()
      port.postMessage({ id, result: null })
      return
    }
    if (message.dump) {
      const file = await db.dumpDataDir("none")
      const bytes = new Uint8Array(await file.arrayBuffer())
      port.postMessage({ id, result: bytes }, [bytes.buffer])
      return
    }
    if (message.begin) {
      await begin()
      port.postMessage({ id, result: null })
      return
    }
    if (message.end) {
      await end(message.end)
      port.postMessage({ id, result: null })
      return
    }
    if (message.inTransaction && !open) throw transactionLost()
    const target = message.inTransaction && open ? open.tx : db
    const { rows, affectedRows } = await target.query(message.sql, message.params, { rowMode: message.rowMode ?? "object" })
    port.postMessage({ id, result: { rows, affectedRows, fields: [] } })
  } catch (error) {
    try {
      port.postMessage({ id, error: plain(error) })
    } catch {
      // A property that cannot be copied to the main thread: the message and the SQLSTATE are enough.
      const { message: text, code } = /** @type {{ message?: unknown, code?: unknown }} */ (error ?? {})
      port.postMessage({ id, error: { message: String(text), code: typeof code === "string" ? code : undefined } })
    }
  }
})
