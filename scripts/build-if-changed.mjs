// `npm start` builds only when what the build reads changed since the last build: a second start is ready
// in about a second and a half instead of some 25 s. Plain JavaScript (no tsx) so the check itself costs
// ~0.1 s. The fingerprint is the content of every input, not mtimes: a checkout or a copy keeps it valid.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/** What the build reads: the sources, the configuration and the build's own scripts (every Vite plugin, `scripts/vite-*.ts`). */
const INPUTS = ["src", "server", "index.html", "vite.config.ts", "tsconfig.json", "package-lock.json", "scripts/build-server.ts"]
for (const name of readdirSync("scripts").sort()) if (/^vite-.*\.ts$/.test(name)) INPUTS.push(join("scripts", name))
/** Build output and run-time data under the input folders, never inputs. */
const SKIP = new Set([".build", "node_modules"])
const STAMP = "server/.build/inputs.sha256"
const OUTPUTS = ["dist/index.html", "server/.build/main.mjs"]

function* files(path) {
  if (!existsSync(path)) return
  if (statSync(path).isFile()) return yield path
  for (const name of readdirSync(path).sort()) if (!SKIP.has(name) && !name.startsWith(".build")) yield* files(join(path, name))
}

const hash = createHash("sha256")
for (const input of INPUTS) for (const file of files(input)) hash.update(file).update("\0").update(readFileSync(file)).update("\0")
const fingerprint = hash.digest("hex")

const built = OUTPUTS.every((file) => existsSync(file)) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint
if (built) {
  console.log("The console is built from these sources already: starting it.")
} else {
  // Production React whoever calls (vitest sets NODE_ENV=test): the build is what users get.
  const result = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } })
  if (result.status !== 0) process.exit(result.status ?? 1)
  writeFileSync(STAMP, fingerprint)
}
