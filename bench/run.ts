import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { runBench, type BenchOptions } from "./lib/bench-run.ts"
import { header, historyLine, sectionKey, table, withSection } from "./lib/report.ts"

const USAGE = `npm run bench -- [options]     (node --import tsx bench/run.ts)
  --scale N         seed:scale size (default 1 = the issue's scale; 0.01 = 1 %)
  --short           CI form: --scale 0.005, 10 connections, 3 s runs after 1 s warm-up, margin ×2, no Lighthouse, no RESULTS.md
  --db embedded|postgres   (default embedded; postgres uses --pg-url)
  --pg-url URL      default postgres://postgres@127.0.0.1:5432/console_bench (dropped and recreated unless --reuse)
  --data-dir DIR    embedded: keep the seeded database here and reuse it on the next run at the same scale
  --reuse           postgres: keep the database if already seeded
  --connections N   default 50 (--short 10);  --duration S  default 10;  --warmup S  default 3
  --margin X        loosen every target by X (default 1, --short 2)
  --soak MIN        minutes of the mixed workload for the soak figures (default 10, --short 0.75; 0 = none)
  --no-first-load   --no-lighthouse   skip those figures
  --json FILE       also write the figures as JSON;  --no-write  do not write bench/RESULTS.md`

const { values } = parseArgs({
  options: {
    scale: { type: "string" },
    short: { type: "boolean", default: false },
    db: { type: "string", default: "embedded" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/console_bench" },
    "data-dir": { type: "string" },
    reuse: { type: "boolean", default: false },
    connections: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    margin: { type: "string" },
    soak: { type: "string" },
    "no-first-load": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    json: { type: "string" },
    "no-write": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (values.db !== "embedded" && values.db !== "postgres") {
  console.error(`--db must be embedded or postgres, not "${values.db}"\n${USAGE}`)
  process.exit(2)
}
const number = (name: string, value: string | undefined, fallback: number) => {
  const n = value === undefined ? fallback : Number(value)
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a number ≥ 0, not "${value}"`)
    process.exit(2)
  }
  return n
}
const short = values.short
const options: BenchOptions = {
  db: values.db,
  scale: number("scale", values.scale, short ? 0.005 : 1),
  dataDir: values["data-dir"] ?? null,
  pgUrl: values["pg-url"],
  reuse: values.reuse,
  plan: {
    connections: number("connections", values.connections ?? (short ? "10" : "50"), 50),
    duration: number("duration", values.duration, short ? 3 : 10),
    warmup: number("warmup", values.warmup, short ? 1 : 3),
  },
  margin: number("margin", values.margin, short ? 2 : 1),
  dashboardRounds: short ? 10 : 30,
  soakSeconds: 60 * number("soak", values.soak, short ? 0.75 : 10),
  firstLoad: !values["no-first-load"],
  lighthouse: !short && !values["no-lighthouse"],
  log: (line) => console.log(`[bench] ${line}`),
}

const RESULTS = "bench/RESULTS.md"

const result = await runBench(options)
const report = `${header(result.info)}\n\n${table(result.figures)}\n`
console.log(`\n${report}`)
const failed = result.figures.filter((f) => !f.pass)
console.log(
  failed.length === 0
    ? `all ${result.figures.length} figures met their targets`
    : `${failed.length} of ${result.figures.length} figures missed their targets: ${failed.map((f) => f.name).join("; ")}`,
)
if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2))
if (!short && !values["no-write"]) {
  const key = sectionKey(options.db, options.scale)
  writeFileSync(RESULTS, withSection(existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "", key, report, historyLine(key, result.figures)))
  console.log(`written to ${RESULTS} (${key} section)`)
}
process.exit(failed.length === 0 ? 0 : 1)
