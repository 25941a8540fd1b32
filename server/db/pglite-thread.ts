import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { setFlagsFromString } from "node:v8"
import { Worker } from "node:worker_threads"

/**
 * The embedded database on a thread of its own (server/db/pglite-worker.mjs), seen from the main
 * thread as the PGlite handle Kysely's PGlite dialect expects. A statement runs there, so however
 * long it takes, the main thread goes on serving other requests, timers and health probes.
 *
 * A statement that outruns its bound is answered as PostgreSQL answers one cancelled by
 * statement_timeout (SQLSTATE 57014, a 503 the console retries): PGlite has no timer of its own to
 * stop it. With a data directory the thread is then replaced, as after a crash, so the runaway
 * statement stops holding the database; in memory there is nothing to reopen, and the statement is
 * left to finish.
 */
export interface PGliteThreadOptions {
  dataDir: string | null
  sharedBuffers: string
  /**
   * Starts from this copy of a database (a tarball from `dumpDataDir`) instead of an empty one: tests start from a
   * seeded copy. A Blob crosses to the thread without being copied.
   */
  loadDataDir?: Blob
  /** A thread that stopped or was replaced (never fatal: the next statement goes to its successor). */
  onThreadError?: (error: Error) => void
  /** A thread started for these options before this handle was made (server/db/embedded-head-start.ts); its first start. */
  started?: StartingThread
}

/**
 * PGlite's buffer pool unless asked otherwise. PGlite writes all of PostgreSQL's shared memory at
 * every start (one WebAssembly function took most of 150 ms of a one-second start with the default
 * 128MB pool). The data files stay in the OS page cache, where a page outside the pool costs one
 * read(); at a million users the list, search and dashboard figures of bench/ held (bench/RESULTS.md).
 */
export const PGLITE_SHARED_BUFFERS = "32MB"

/** A database thread on its way up: `ready` settles once PGlite answers, or rejects with why it could not start. */
export interface StartingThread {
  worker: Worker
  ready: Promise<void>
}

interface QueryResults<T> {
  rows: T[]
  affectedRows?: number
  fields: { name: string; dataTypeID: number }[]
}

interface QueryOptions {
  rowMode?: "array" | "object"
}

type Request =
  | { sql: string; params: unknown[]; rowMode: "array" | "object"; inTransaction: boolean }
  | { begin: true }
  | { end: "commit" | "rollback" }
  | { dump: true }
  | { close: true }

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout | undefined
}

/** Resolved from this module's file, which is server/db/ from the sources and server/.build*\/ from the bundle. */
const WORKER_FILE = new URL("../db/pglite-worker.mjs", import.meta.url)

/** The error a statement gets when the thread it waited on stopped: 57P01, as PostgreSQL says on a shutdown. */
function threadGone(reason: string): Error {
  return Object.assign(new Error(`The embedded database stopped: ${reason}`), { code: "57P01" })
}

function fromPlain(data: { message?: string; [key: string]: unknown }): Error {
  return Object.assign(new Error(data.message ?? "Embedded database error"), data)
}

/**
 * V8's collection of dead WebAssembly code can abort the whole process: on 4 December a server-suite worker of CI,
 * its PGlite threads made and closed file after file, died of `Check failed: jit_page_->allocations_.erase(addr)
 * == 1` in ThreadIsolation::UnregisterWasmAllocation (Node 24.21.0), which frees the code that collection found
 * dead. A server's database dying with it is worse than code kept for the process's life. The flag is process-wide
 * and read each time the collection would run, so setting it once, before the first thread starts, is enough.
 */
setFlagsFromString("--no-wasm-code-gc")

let threadsStarted = 0
let compiledPGlite: WebAssembly.Module | undefined

/**
 * PGlite's WebAssembly for the next database thread of this process. The first thread compiles its own, on its
 * own thread, while the main thread goes on starting the server: compiled here first, a server's median time to
 * ready (of nine starts) grew by 40-75 ms. From the second on (a thread replaced after a crash, the hundred or
 * so databases of the server suite's processes) one module, compiled here once, is handed to each: a module
 * crosses to a thread without being compiled again, and the code V8 generates for it is shared. Each compiling
 * its own cost about 0.6 s of a core per start (1.30 against 0.73 CPU-s for a start from the tests' seeded
 * copy). Compiling is V8's validation (about 60 ms); functions are compiled as they are first run.
 */
function pgliteModuleForNextThread(): WebAssembly.Module | null {
  if (threadsStarted++ === 0) return null
  // The package's entry sits beside its WebAssembly; the package stays outside the server's bundle (scripts/build-server.ts).
  compiledPGlite ??= new WebAssembly.Module(readFileSync(join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.wasm")))
  return compiledPGlite
}

/** How long a close waits for the thread to finish what it is doing before it is stopped. */
const CLOSE_WAIT_MS = 5_000

/** Starts PGlite's thread; its readiness is listened to at once, so no answer is missed whoever waits for it later. */
export function startThread(options: Pick<PGliteThreadOptions, "dataDir" | "sharedBuffers" | "loadDataDir">): StartingThread {
  // No inherited flags: the worker is plain JavaScript, and a loader or `--input-type` of the main
  // thread (tsx in the tests, a script run with -e) would only slow it or stop it from loading.
  const worker = new Worker(WORKER_FILE, {
    execArgv: [],
    workerData: {
      dataDir: options.dataDir,
      sharedBuffers: options.sharedBuffers,
      loadDataDir: options.loadDataDir ?? null,
      pgliteWasmModule: pgliteModuleForNextThread(),
    },
  })
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { ready?: true; startError?: { message?: string } }) => {
      if (message.ready) resolve()
      else reject(fromPlain(message.startError ?? {}))
    })
    worker.once("error", reject)
    worker.once("exit", (code) => reject(new Error(`The embedded database's thread exited (${code}) while starting`)))
  })
  return { worker, ready }
}

export class PGliteThread {
  #options: PGliteThreadOptions
  #worker!: Worker
  #pending = new Map<number, Pending>()
  #nextId = 1
  #closed = false
  #starting!: Promise<void>
  /** Set once migrations ran (they may take long on a big database); none for scripts. */
  #statementTimeoutMs: number | undefined
  ready = false
  waitReady: Promise<void>

  constructor(options: PGliteThreadOptions) {
    this.#options = options
    this.waitReady = this.#start(options.started)
  }

  /** From now on a statement that runs longer than `ms` is answered 57014 (see the class comment). */
  boundStatements(ms: number | undefined) {
    this.#statementTimeoutMs = ms
  }

  get closed(): boolean {
    return this.#closed
  }

  #start(started: StartingThread = startThread(this.#options)): Promise<void> {
    const { worker, ready } = started
    this.#worker = worker
    this.#starting = ready.then(() => {
      this.ready = true
      worker.on("message", (message: { id: number; result?: unknown; error?: { message?: string } }) => this.#answer(message))
      this.#idle()
    })
    worker.on("error", (error) => this.#options.onThreadError?.(error))
    worker.on("exit", (code) => {
      if (this.#worker !== worker) return
      this.#failAll(threadGone(`its thread exited (${code})`))
      if (!this.#closed && this.ready && this.#options.dataDir) this.#restart(`its thread exited (${code})`)
    })
    return this.#starting
  }

  /** A thread replaced after a crash or a runaway statement: PostgreSQL recovers the data directory. */
  #restart(reason: string) {
    this.#options.onThreadError?.(threadGone(`${reason}; reopening it`))
    this.ready = false
    this.#start().catch((error: Error) => {
      this.#options.onThreadError?.(error)
      // A start that failed (the disk full, say) is tried again until the database opens.
      if (!this.#closed) setTimeout(() => this.#restart("it could not be reopened"), 1_000).unref()
    })
  }

  #answer(message: { id: number; result?: unknown; error?: { message?: string } }) {
    const pending = this.#pending.get(message.id)
    if (!pending) return // it timed out already
    this.#pending.delete(message.id)
    clearTimeout(pending.timer)
    if (message.error) pending.reject(fromPlain(message.error))
    else pending.resolve(message.result)
    this.#idle()
  }

  #failAll(error: Error) {
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer)
      pending.reject(error)
    }
    this.#pending.clear()
  }

  /** The thread keeps the process alive only while a statement waits on it, as a socket would. */
  #idle() {
    if (this.#pending.size === 0) this.#worker.unref()
    else this.#worker.ref()
  }

  async #send<T>(request: Request, bounded: boolean): Promise<T> {
    // A transaction caught by the close may still end (its rollback): the thread finishes it, then closes.
    if (this.#closed && !("close" in request) && !("end" in request)) throw new Error("The embedded database is closed")
    await this.#starting
    const worker = this.#worker
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      const limit = bounded ? this.#statementTimeoutMs : undefined
      const timer = limit
        ? setTimeout(() => {
            this.#pending.delete(id)
            reject(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }))
            this.#idle()
            if (this.#options.dataDir && this.#worker === worker) {
              // Its statements are lost with it; they get 57P01 at once instead of their own timeout.
              this.#failAll(threadGone("a statement outran its time limit"))
              void worker.terminate()
              // #start replaces the worker before the old one's exit arrives, so that exit is ignored.
              this.#restart("a statement outran its time limit")
            }
          }, limit)
        : undefined
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer })
      this.#idle()
      worker.postMessage({ id, ...request })
    })
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResults<T>> {
    return this.#send({ sql, params, rowMode: options.rowMode ?? "object", inTransaction: false }, true)
  }

  /**
   * Kysely runs one statement or transaction at a time on this handle (the dialect declares a single
   * connection), so the statements `run` sends belong to the open transaction.
   */
  async transaction<T>(run: (tx: { query: PGliteThread["query"]; rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const beginFailed = await this.#send({ begin: true }, true).then(
      () => null,
      (error: unknown) => ({ error }),
    )
    if (beginFailed) {
      // Kysely's PGlite driver waits for `run` to be called before it sends anything: a BEGIN that fails
      // (the database closed under a background sweep) must reach it through the first statement,
      // or its transaction waits forever and this rejection goes unhandled.
      const fail = () => Promise.reject(beginFailed.error)
      await run({ query: fail, rollback: fail }).catch(() => {})
      throw beginFailed.error
    }
    const tx = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.#send<QueryResults<R>>({ sql, params, rowMode: options.rowMode ?? "object", inTransaction: true }, true),
      rollback: () => this.#send<void>({ end: "rollback" }, true),
    }
    let result: T
    try {
      result = await run(tx)
    } catch (error) {
      await this.#send({ end: "rollback" }, true).catch(() => {})
      throw error
    }
    await this.#send({ end: "commit" }, true)
    return result
  }

  /** The whole database as a tarball, which `loadDataDir` starts a new one from. */
  dumpDataDir(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#send<Uint8Array<ArrayBuffer>>({ dump: true }, false)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    // A statement still waiting for its answer (a sweep caught by the close) gets an error, not silence:
    // left pending, it would hold the one connection and every later call, the close included, forever.
    const closing = this.#send({ close: true }, false).catch(() => {
      // A thread that never started or already stopped has nothing to close.
    })
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())])
    this.#failAll(new Error("The embedded database is closed"))
    await this.#worker.terminate()
  }
}
