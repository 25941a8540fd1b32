import { spawn } from "node:child_process"
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { coresBusy, cpuTimes } from "./fixtures/cpu-times.ts"

/**
 * Two tiers, then one line summing every suite run: `N passed, N failed, N skipped` (each skipped and each
 * failed test named just above it); exits non-zero when anything failed.
 *
 * - `npm test` (the quick tier, minutes): typecheck, lint, format, unit, machine paths, the server suite on
 *   the embedded database, and a Chromium smoke of every role (tests/e2e/smoke.test.ts).
 * - `npm run test:all` (what CI runs): the quick tier's suites (the server suite with the server tests that run
 *   real processes, `server-processes`), the whole server suite on PostgreSQL when TEST_DATABASE_URL is set, ops,
 *   reliability, the whole browser suite (whose accessibility tour makes the smoke's checks) and the short benchmark with its growth run (whose two
 *   databases the first stage seeds: growth-seed).
 *
 * Suites run in stages. The suites of one stage run side by side, because they share no state and
 * none of them measures time against a quiet machine; their output is printed whole as each ends.
 * The stages run in turn: the crash rounds and the benchmark want the machine to themselves.
 * `npm test -- unit server` runs only the suites named (of either tier).
 */
interface Result {
  suite: string
  passed: number
  failed: number
  skipped: number
  seconds: number
  /** How many cores the whole machine kept busy, on average, while the suite's stage ran. */
  cores?: number
  /** A vitest suite's JSON report, read once when the suite ends (null for a check, or when vitest wrote none). */
  report: Report | null
}

interface Suite {
  name: string
  /** A check passes or fails as a whole; a vitest suite counts its tests (of `files` only, when given). */
  run: { check: string[] } | { project: string | string[]; workers?: number; files?: string[]; exclude?: string[] }
  env?: NodeJS.ProcessEnv
  /** In `npm run test:all` only. */
  full?: true
  /** In `npm test` only (the full tier runs it another way). */
  quick?: true
  /** Only when asked for by name (the full tier runs it within another suite). */
  named?: true
}

const pg = process.env.TEST_DATABASE_URL
const argv = process.argv.slice(2)
const all = argv.includes("--all")
const only = argv.filter((arg) => arg !== "--all")
const want = (suite: Suite) => (only.length > 0 ? only.includes(suite.name) : !suite.named && (all ? !suite.quick : !suite.full))

/**
 * The bench suite's short growth run (tests/bench/growth.test.ts) measures two seeded databases. Seeding them takes a
 * minute of one core, which the first stage has spare (its checks keep about 1.2 of 2 busy) and the bench stage, which
 * wants the machine to itself, does not. The bench suite is pointed at them only when this run seeded them, so it
 * never measures a directory left by an earlier tree; it removes them when done.
 */
const GROWTH_DATA_DIR = join(process.cwd(), "test-results", "growth-data")
const growthSeed: Suite = {
  name: "growth-seed",
  run: { check: ["node", "--import", "tsx", "bench/growth-seed.ts"] },
  env: { GROWTH_DATA_DIR, TEST_DATABASE_URL: "" },
  full: true,
}

const stages: Suite[][] = [
  // The checks and the suites without a database: each mostly one core, and none needs the machine alone.
  [
    // The package's own scripts, so the folders each check covers are named in one place.
    { name: "typecheck", run: { check: ["npm", "run", "-s", "typecheck"] } },
    { name: "lint", run: { check: ["npm", "run", "-s", "lint"] } },
    { name: "format", run: { check: ["npm", "run", "-s", "format:check"] } },
    // The console and the server bundle as `npm start` builds them (only when a source changed), once for every
    // later suite that starts a real server; here, where the checks leave a core free now and then.
    { name: "build", run: { check: ["node", "scripts/build-if-changed.mjs"] } },
    { name: "unit", run: { project: "unit" }, env: { TEST_DATABASE_URL: "" } },
    // Two workers: one (vitest's default on two cores) ran the stage's 35 files in turn for 3.5 minutes after the
    // checks beside it had ended, a core idle.
    { name: "paths", run: { project: "paths", workers: 2 }, env: { TEST_DATABASE_URL: "" } },
    growthSeed,
  ],
  // Each server test has a database of its own (a copy of one seeded PGlite, or a database of its own on PostgreSQL).
  // The quick tier's browser check runs beside it; the full tier's browser suite runs that file with the others.
  // In the full tier the server tests that run real processes share the stage's workers with the rest, so
  // neither half waits on the other's longest file, and the PostgreSQL run goes side by side with the embedded
  // one: alone, the embedded run kept 1.7 of the two cores busy and the PostgreSQL one 1.3.
  [
    { name: "server", run: { project: all ? ["server", "server-processes"] : "server", workers: 2 }, env: { TEST_DATABASE_URL: "" } },
    { name: "smoke", run: { project: "e2e", files: ["tests/e2e/smoke.test.ts"] }, env: { TEST_DATABASE_URL: "", E2E_WORKERS: "1" }, quick: true },
    { name: "server-processes", run: { project: "server-processes", workers: 2 }, env: { TEST_DATABASE_URL: "" }, named: true },
    ...(pg
      ? [{ name: "server-postgres", run: { project: ["server", "server-processes"], workers: 2 }, env: { TEST_DATABASE_URL: pg }, full: true } satisfies Suite]
      : []),
  ],
  [{ name: "ops", run: { project: "ops" }, env: { TEST_DATABASE_URL: pg ?? "" }, full: true }],
  // SIGKILL/SIGTERM of real server processes; its PostgreSQL half uses the local server when TEST_DATABASE_URL is unset.
  [{ name: "reliability", run: { project: "reliability" }, env: { TEST_DATABASE_URL: pg ?? "" }, full: true }],
  // Three workers, each with a server of its own (tests/e2e/workers.ts). Without the quick tier's smoke: the
  // accessibility tour opens every screen of every role too, and holds each to the smoke's checks (a11y-tour.ts).
  [{ name: "e2e", run: { project: "e2e", exclude: ["tests/e2e/smoke.test.ts"] }, env: { TEST_DATABASE_URL: "" }, full: true }],
  // Last, so the load runs on a machine no other suite is using.
  [{ name: "bench", run: { project: "bench" }, env: { TEST_DATABASE_URL: "", ...(want(growthSeed) ? { GROWTH_DATA_DIR } : {}) }, full: true }],
]

function commandOf(suite: Suite): { command: string; args: string[]; report?: string } {
  if ("check" in suite.run) return { command: suite.run.check[0]!, args: suite.run.check.slice(1) }
  const report = reportOf(suite.name)
  const projects = [suite.run.project].flat().flatMap((project) => ["--project", project])
  const args = ["vitest", "run", ...projects, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]
  if (suite.run.workers) args.push(`--maxWorkers=${suite.run.workers}`)
  if (suite.run.files) args.push(...suite.run.files)
  for (const glob of suite.run.exclude ?? []) args.push(`--exclude=${glob}`)
  return { command: "npx", args, report }
}

/** Runs one suite; `alone` streams its output, otherwise it is held and printed whole at the end. */
function runSuite(suite: Suite, alone: boolean): Promise<Result> {
  const { command, args, report } = commandOf(suite)
  if (report) rmSync(report, { force: true })
  const header = `\n=== ${suite.name}: ${command} ${args.join(" ")}`
  if (alone) console.log(header)
  const started = Date.now()
  const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, ...suite.env } })
  const held: Buffer[] = []
  child.stdout?.on("data", (chunk: Buffer) => held.push(chunk))
  child.stderr?.on("data", (chunk: Buffer) => held.push(chunk))
  return new Promise((resolve) => {
    child.on("close", (status) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      if (!alone) {
        console.log(header)
        process.stdout.write(Buffer.concat(held))
      }
      console.log(`=== ${suite.name} took ${seconds} s`)
      const parsed = report ? readReport(report) : null
      resolve({ suite: suite.name, seconds, report: parsed, ...countsOf(status, report !== undefined, parsed) })
    })
  })
}

function countsOf(status: number | null, vitest: boolean, counts: Report | null): { passed: number; failed: number; skipped: number } {
  if (!vitest) return status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 }
  if (!counts || typeof counts.numPassedTests !== "number" || typeof counts.numFailedTests !== "number") return { passed: 0, failed: 1, skipped: 0 }
  // A file that fails to load, or an error outside any test, counts as a failure even though no test failed.
  const crashed = status !== 0 && counts.numFailedTests === 0 ? 1 : 0
  return { passed: counts.numPassedTests, failed: counts.numFailedTests + crashed, skipped: (counts.numPendingTests ?? 0) + (counts.numTodoTests ?? 0) }
}

/** The parts of vitest's JSON report this file reads. */
interface Report {
  numPassedTests?: number
  numFailedTests?: number
  numPendingTests?: number
  numTodoTests?: number
  testResults?: {
    name: string
    status?: string
    message?: string
    startTime?: number
    endTime?: number
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[]
  }[]
}

const reportOf = (suite: string) => `test-results/${suite}.json`

const readReport = (path: string): Report | null => {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Report
  } catch {
    return null
  }
}

/** A report's file path as the run's record shows it: from the project's root. */
const fromRoot = (path: string) => path.replace(`${process.cwd()}/`, "")

/**
 * Where a run's time went, for the record CI keeps (its last lines): the slowest files of every suite, and for each
 * suite whose files run side by side how long its last file ran with none beside it (a suite that ends on one long
 * file leaves the other workers idle: start that file earlier, tests/longest-first.ts).
 */
function timeLines(reports: Map<string, Report | null>): string[] {
  const files: { suite: string; file: string; seconds: number }[] = []
  const tails: string[] = []
  for (const [suite, report] of reports) {
    const timed = (report?.testResults ?? []).filter((f) => f.startTime !== undefined && f.endTime !== undefined)
    for (const f of timed) files.push({ suite, file: fromRoot(f.name), seconds: (f.endTime! - f.startTime!) / 1000 })
    // Only where files ran side by side: a suite run one file at a time always ends on one file.
    let latestEnd = -Infinity
    let sideBySide = false
    for (const f of [...timed].sort((a, b) => a.startTime! - b.startTime!)) {
      sideBySide ||= f.startTime! < latestEnd
      latestEnd = Math.max(latestEnd, f.endTime!)
    }
    const ends = timed.map((f) => f.endTime!).sort((a, b) => b - a)
    if (sideBySide) tails.push(`${suite} ${((ends[0]! - ends[1]!) / 1000).toFixed(0)} s`)
  }
  const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)
  return [
    `slowest files: ${slowest.map((f) => `${f.suite} ${f.file} ${f.seconds.toFixed(0)} s`).join("; ")}`,
    `last file alone at each suite's end: ${tails.join(", ")}`,
  ]
}

/** Each test of the run that did not pass, as `<WHAT> <suite>: <file> > <test>[: why]`: failures, or (with `skipped`) the skipped ones. */
function testsNotPassed(reports: Map<string, Report | null>, skipped: boolean): string[] {
  const lines: string[] = []
  for (const [suite, report] of reports) {
    for (const file of report?.testResults ?? []) {
      const where = fromRoot(file.name)
      if (skipped) {
        for (const test of file.assertionResults ?? [])
          if (test.status === "pending" || test.status === "skipped" || test.status === "todo") lines.push(`SKIPPED ${suite}: ${where} > ${test.fullName}`)
        continue
      }
      if (file.status === "failed" && file.message) lines.push(`FAILED ${suite}: ${where}: ${file.message.slice(0, 400)}`)
      for (const test of file.assertionResults ?? []) {
        if (test.status !== "failed") continue
        const why = (test.failureMessages?.[0] ?? "").split("\n").slice(0, 3).join(" | ").slice(0, 400)
        lines.push(`FAILED ${suite}: ${where} > ${test.fullName}: ${why}`)
      }
    }
  }
  return lines
}

mkdirSync("test-results", { recursive: true })
const started = Date.now()
const results: Result[] = []
for (const stage of stages) {
  const suites = stage.filter(want)
  const before = cpuTimes()
  const ran = await Promise.all(suites.map((suite) => runSuite(suite, suites.length === 1)))
  const cores = coresBusy(before, cpuTimes())
  results.push(...ran.map((r) => ({ ...r, cores })))
}

console.log("\n=== summary (cores: the machine's busy cores on average while the suite's stage ran)")
for (const r of results) {
  const cores = r.cores === undefined ? "" : `, ${r.cores.toFixed(1)} cores`
  console.log(`${r.suite.padEnd(16)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped  (${r.seconds} s${cores})`)
}
const seconds = Math.round((Date.now() - started) / 1000)
console.log(`all suites took ${Math.floor(seconds / 60)} min ${seconds % 60} s`)
// The record of a CI run keeps only its first and last lines: where the time went, and each skipped and each failed
// test by name, go here, next to the counts.
const reports = new Map(results.map(({ suite, report }) => [suite, report]))
for (const line of [...timeLines(reports), ...testsNotPassed(reports, true), ...testsNotPassed(reports, false)]) console.log(line)
const sum = (key: "passed" | "failed" | "skipped") => results.reduce((n, r) => n + r[key], 0)
const failed = sum("failed")
console.log(`${sum("passed")} passed, ${failed} failed, ${sum("skipped")} skipped`)
process.exit(failed === 0 ? 0 : 1)
