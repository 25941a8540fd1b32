import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { BENCH_NO_CACHE_HEADER } from "../server/plugins/bench-instrument.ts"
import { startServerProcess } from "../tests/fixtures/server-process.ts"
import { adminSession } from "./lib/api-session.ts"
import { LIST, PAGE_SIZE } from "./lib/api-workload.ts"
import { prepareData } from "./lib/bench-data.ts"
import { load, type Load } from "./lib/load.ts"
import { cpuSeconds, profileBreakdown, type CpuProfile } from "./lib/profile-breakdown.ts"

const USAGE = `npm run bench:profile -- [options]     (node --import tsx bench/profile-afresh.ts)
  Where the afresh list page's time goes (issue 31): the server (from its sources, so the profile names each
  package) under the afresh page 1 for --duration seconds, then under its plain SQL probe as long, with V8's
  CPU profile of each stretch, and the CPU seconds the server, the database's processes and the load
  generator each used meanwhile.
  --db embedded|postgres   --scale N (default 0.1)   --pg-url URL   --reuse   --data-dir DIR
  --connections N (default 50)   --duration S (default 10)   --path P (default the Lawyers' page 1)`

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    scale: { type: "string", default: "0.1" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/console_bench" },
    "data-dir": { type: "string" },
    reuse: { type: "boolean", default: false },
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "10" },
    path: { type: "string", default: `${LIST}?page=1&limit=${PAGE_SIZE}` },
    help: { type: "boolean", default: false },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const db = values.db === "embedded" ? "embedded" : "postgres"
const log = (line: string) => console.log(line)
const data = await prepareData({ db, scale: Number(values.scale), dataDir: values["data-dir"] ?? null, pgUrl: values["pg-url"]!, reuse: values.reuse!, log })
const profileDir = mkdtempSync(join(tmpdir(), "console-profile-"))
try {
  // From the sources (tsx), not the bundle: a profile of the bundle names one file for every package.
  const server = await startServerProcess({
    entry: "server/main.ts",
    timeoutMs: 120_000,
    env: {
      NODE_ENV: undefined,
      ...data.env,
      NODE_OPTIONS: `--import tsx --cpu-prof --cpu-prof-dir=${profileDir} --cpu-prof-interval=500`,
      BENCH_INSTRUMENT: "1",
      LOG_LEVEL: "warn",
      ACCESS_TOKEN_MINUTES: "120",
    },
  })
  const session = await adminSession(server.url)
  const headers = { ...session.headers, [BENCH_NO_CACHE_HEADER]: "1" }
  const pageUrl = `${server.url}/api/v1${values.path}`
  const plan = { connections: Number(values.connections), duration: Number(values.duration), warmup: 0 }
  const warmUp = { ...plan, duration: 3 }
  // The page, then its plain SQL probe (the statements one afresh answer sent, bare: bench-instrument.ts), each
  // after a warm-up; each measured stretch is profiled apart. The server's and the database's CPU seconds are
  // read around each.
  // Mail a write probe left queued and events it left unsealed (a benchmark run on this database) are settled first, not inside the profile.
  await fetch(`${server.url}/__bench/settle`, { method: "POST" })
  await load(pageUrl, warmUp, headers)
  const stretches: Array<{ name: string; started: number; ended: number; loaded: Load; cpu: Record<string, string> }> = []
  const measure = async (name: string, url: string, sent: Record<string, string>) => {
    const before = cpuSeconds(server.child.pid!)
    const started = performance.now()
    const loaded = await load(url, plan, sent)
    const ended = performance.now()
    const after = cpuSeconds(server.child.pid!)
    const cpu = Object.fromEntries((["server", "database", "self"] as const).map((key) => [key, (after[key] - before[key]).toFixed(1)]))
    stretches.push({ name, started, ended, loaded, cpu })
  }
  await measure("the page afresh", pageUrl, headers)
  await fetch(`${server.url}/__bench/record`, { method: "POST" })
  await (await fetch(pageUrl, { headers })).arrayBuffer()
  const recorded = (await (await fetch(`${server.url}/__bench/record`, { method: "DELETE" })).json()) as { statements: unknown[] }
  await load(`${server.url}/__bench/probe`, warmUp)
  await measure(`its plain SQL probe (the answer's ${recorded.statements.length} statements bare)`, `${server.url}/__bench/probe`, {})
  await server.stop("SIGTERM", 30_000)
  const exited = performance.now()
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"))
  if (!file) throw new Error("the server wrote no CPU profile")
  const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as CpuProfile
  console.log(`\n${values.path}, ${db}, ${data.describe}, ${plan.connections} connections, ${plan.duration} s each`)
  for (const { name, started, ended, loaded, cpu } of stretches) {
    console.log(`\n## ${name}: ${Math.round(loaded.rps)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms`)
    console.log(`CPU seconds: server ${cpu["server"]}, database processes ${cpu["database"]}, the load generator (this process) ${cpu["self"]}`)
    console.log(profileBreakdown(profile, 20, { fromEndMs: exited - started, toEndMs: exited - ended }))
  }
} finally {
  rmSync(profileDir, { recursive: true, force: true })
  data.cleanup()
}
