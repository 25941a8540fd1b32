import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { prepareData, type PreparedData } from "./lib/bench-data.ts"
import { runGrowth } from "./lib/growth-run.ts"
import { growthRunKey, growthRunLine, growthRunReport, header, withGrowthRun } from "./lib/report.ts"

const USAGE = `npm run bench:growth -- [options]     (node --import tsx bench/growth.ts)
Issue 31's cost as data grows in one run: a server on a small and one on a large database, each growing figure
loaded on the two in turn. Writes its table to bench/RESULTS.md.
  --db embedded|postgres   (default postgres)
  --small N / --large N    the two scales (default 0.1 and 1)
  --small-url / --large-url URL   postgres: default postgres://postgres@127.0.0.1:5432/bench_s<scale, . as _>
  --small-dir / --large-dir DIR   embedded: the data directories (seeded once per scale, then reused)
  --reuse           postgres: keep a database that is already seeded (else dropped, recreated and seeded)
  --rounds N        runs of each figure on each side, in turn (default 3)
  --connections N   default 50;  --duration S  default 10;  --warmup S  default 3
  --no-write        print only`

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    small: { type: "string", default: "0.1" },
    large: { type: "string", default: "1" },
    "small-url": { type: "string" },
    "large-url": { type: "string" },
    "small-dir": { type: "string" },
    "large-dir": { type: "string" },
    reuse: { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    "no-write": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const fail = (message: string) => {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
}
if (values.db !== "embedded" && values.db !== "postgres") fail(`--db must be embedded or postgres, not "${values.db}"`)
const db = values.db as "embedded" | "postgres"
const positive = (name: string, value: string) => {
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a number > 0, not "${value}"`)
  return n
}
const [small, large] = [positive("small", values.small), positive("large", values.large)]
if (small >= large) fail(`--small (${small}) must be less than --large (${large})`)
const rounds = Math.round(positive("rounds", values.rounds))
const plan = { connections: positive("connections", values.connections), duration: positive("duration", values.duration), warmup: Number(values.warmup) }
const log = (line: string) => console.log(`[growth] ${line}`)
const pgUrl = (scale: number, given: string | undefined) => given ?? `postgres://postgres@127.0.0.1:5432/bench_s${String(scale).replace(".", "_")}`

const prepare = (scale: number, url: string | undefined, dir: string | undefined) =>
  prepareData({ db, scale, pgUrl: pgUrl(scale, url), dataDir: dir ?? null, reuse: values.reuse, log: (line) => log(`scale ${scale}: ${line}`) })

const data: PreparedData[] = []
try {
  data.push(await prepare(small, values["small-url"], values["small-dir"]), await prepare(large, values["large-url"], values["large-dir"]))
  const rows = await runGrowth({
    small: { scale: small, data: data[0]! },
    large: { scale: large, data: data[1]! },
    plan,
    rounds,
    dashboardRounds: 30,
    log,
  })
  const head = header({
    db: db === "embedded" ? "embedded (PGlite)" : `PostgreSQL (${new URL(pgUrl(small, values["small-url"])).host})`,
    data: `${data[0]!.describe} and ${data[1]!.describe}`,
    load: `autocannon, ${plan.connections} connections, ${plan.warmup} s warm-up + ${plan.duration} s measured per run; ${rounds} runs of each figure on each side, in turn`,
    margin: 1,
  })
  const block = growthRunReport(head, db, small, large, rounds, rows)
  console.log(`\n${block}`)
  const missed = rows.filter((row) => !row.pass)
  console.log(
    missed.length === 0
      ? `all ${rows.length} figures within the bound`
      : `${missed.length} of ${rows.length} grew past the bound: ${missed.map((r) => r.name).join("; ")}`,
  )
  if (!values["no-write"]) {
    const RESULTS = "bench/RESULTS.md"
    const key = growthRunKey(db, small, large)
    writeFileSync(RESULTS, withGrowthRun(existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "", key, block, growthRunLine(db, small, large, rows)))
    console.log(`written to ${RESULTS} (${key})`)
  }
  process.exitCode = missed.length === 0 ? 0 : 1
} finally {
  for (const prepared of data) prepared.cleanup()
}
