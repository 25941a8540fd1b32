/**
 * What `npm start` runs (bundled to server/.build/main.mjs): the server's bundle (server.cjs, written
 * by scripts/build-server.ts) compiled through V8's code cache. Node 20 has no compile cache of its own
 * (module.enableCompileCache came in Node 22), and parsing and compiling the start-up code of the
 * 5.7 MB bundle took about a fifth of the time to ready. The first start writes the cache once the
 * server listens; later starts reuse it, and V8 refuses a cache made by another Node or other flags.
 * Before any of that, the embedded database's thread starts (db/embedded-head-start.ts), so PGlite
 * opens on the other core while this one loads the bundle.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import v8 from "node:v8"
import vm from "node:vm"
import { startEmbeddedEarly } from "./db/embedded-head-start.ts"

// V8 learns, per allocation site, whether what it allocates tends to survive young-generation GCs, and then
// allocates it straight in the old generation. A burst of slow requests (writes waiting on the database)
// taught it that about Fastify's per-request objects; from then on every cheap request's objects went to
// the old generation, each young GC had to scan them and kept what they pointed to, and a 304 poll ran
// at 0.6-0.7 of its speed for the rest of the process's life (measured: 33k req/s fresh, 19-22k after
// 200 ticket answers, 27-32k with pretenuring off). A server's per-request objects die young, so the guess
// is turned off before any of the server's code runs.
v8.setFlagsFromString("--no-allocation-site-pretenuring")

/** The bundle's file name and a hash of its text, filled in by the build. */
declare const SERVER_BUNDLE_FILE: string
declare const SERVER_BUNDLE_HASH: string

const here = dirname(fileURLToPath(import.meta.url))
const bundle = join(here, SERVER_BUNDLE_FILE)
// V8 checks a cache against the length of the source, not its text: the hash in the name does that.
const cacheFile = join(here, `server-${SERVER_BUNDLE_HASH}.cache`)
const CACHE_AFTER_LISTEN_MS = 1_000

startEmbeddedEarly(process.env)

const source = readFileSync(bundle, "utf8")
const cachedData = readCache()
// The wrapper stays on the bundle's first line, so a stack trace's line numbers are the bundle's own.
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundle,
  ...(cachedData ? { cachedData } : {}),
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
})
const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void
const module = { exports: {} as { started?: Promise<void> } }
run(module.exports, createRequire(bundle), module, bundle, here)

if (!cachedData || script.cachedDataRejected) {
  // After the start, so the cache holds every function the start compiled, not only the top level.
  void module.exports.started?.then(() => setTimeout(writeCache, CACHE_AFTER_LISTEN_MS).unref())
}

function readCache(): Buffer | undefined {
  try {
    return readFileSync(cacheFile)
  } catch {
    return undefined
  }
}

function writeCache(): void {
  // Through a file of its own, so two servers starting at once never read a half-written cache. A
  // read-only install only loses the speed-up.
  const partial = `${cacheFile}.${process.pid}`
  try {
    writeFileSync(partial, script.createCachedData())
    renameSync(partial, cacheFile)
  } catch {
    // the next start compiles from the source, as without a cache
  }
}
