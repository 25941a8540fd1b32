import { createHash } from "node:crypto"
import { readdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { build } from "esbuild"

const OUT_DIR = "server/.build"
const BUNDLE_FILE = "server.cjs"
/** What `npm start` runs with plain `node`: server/start.ts, which loads the bundle through V8's code cache. */
export const SERVER_BUNDLE = `${OUT_DIR}/main.mjs`
/** Packages that load files of their own at run time, left outside every bundle (see buildServer). */
const EXTERNAL = ["@electric-sql/pglite", "@electric-sql/pglite/*", "@node-rs/argon2", "pg-native", "sharp"]

/**
 * Bundles the server (its code and its pure-JS packages) into one script, so a start reads one file
 * instead of compiling TypeScript and resolving some two thousand modules: ready in well under a
 * second instead of about 1.5 s. CommonJS, because V8's code cache (see server/start.ts) is given to a
 * vm.Script, which cannot hold an ES module. Left outside: packages that load files of their own at
 * run time (PGlite's WebAssembly and extensions, argon2's and sharp's native bindings, pg's optional native driver).
 * The bundle sits in server/.build/ (a test's own directory also one level under server/) so paths the
 * server resolves from its own module (`new URL("../docs/…", import.meta.url)`) still land in server/.
 * Returns the file to run.
 */
export async function buildServer(outDir = OUT_DIR): Promise<string> {
  await build({
    entryPoints: ["server/main.ts"],
    outfile: join(outDir, BUNDLE_FILE),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node24",
    external: EXTERNAL,
    define: { "import.meta.url": "__bundleUrl" },
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    legalComments: "none",
    logLevel: "warning",
  })
  const hash = createHash("sha256")
    .update(readFileSync(join(outDir, BUNDLE_FILE)))
    .digest("hex")
    .slice(0, 16)
  // The cache of another bundle would never be read again; the same bundle rebuilt (a build after a
  // change that did not touch the server) keeps its own.
  const keep = `server-${hash}.cache`
  for (const name of readdirSync(outDir))
    if ((name.endsWith(".cache") && name !== keep) || name.includes(".cache.")) rmSync(join(outDir, name), { force: true })
  const entry = join(outDir, "main.mjs")
  await build({
    entryPoints: ["server/start.ts"],
    outfile: entry,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    define: { SERVER_BUNDLE_FILE: JSON.stringify(BUNDLE_FILE), SERVER_BUNDLE_HASH: JSON.stringify(hash) },
    logLevel: "warning",
  })
  return entry
}

/**
 * The server's scripts (`server/scripts/<name>.ts`) bundled one file each into `outDir`, which must sit one level
 * under server/ as the server bundle does. For the tests that run a script many times: started through tsx, each
 * run compiled and resolved the server's modules again, some 2 s of a core before the script's own work.
 * ES modules, since the scripts await at top level; `require` is given to the CommonJS packages bundled in.
 */
export async function bundleScripts(names: string[], outDir: string): Promise<void> {
  await build({
    entryPoints: names.map((name) => `server/scripts/${name}.ts`),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    external: EXTERNAL,
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    legalComments: "none",
    logLevel: "warning",
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer()
