import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync } from "node:fs"

/**
 * `npm test`: every suite in order (typecheck, lint, unit, paths, server on the embedded database,
 * server on PostgreSQL when TEST_DATABASE_URL is set, ops, reliability, browser, short benchmark), then one line summing them all:
 * `N passed, N failed`. Exits non-zero when anything failed.
 */
interface Result {
  suite: string
  passed: number
  failed: number
}

const results: Result[] = []
const only = process.argv.slice(2)
const want = (suite: string) => only.length === 0 || only.includes(suite)

function runCheck(suite: string, command: string, args: string[]): void {
  if (!want(suite)) return
  console.log(`\n=== ${suite}: ${command} ${args.join(" ")}`)
  const run = spawnSync(command, args, { stdio: "inherit" })
  results.push({ suite, passed: run.status === 0 ? 1 : 0, failed: run.status === 0 ? 0 : 1 })
}

function runVitest(suite: string, project: string, env: NodeJS.ProcessEnv = {}): void {
  if (!want(suite)) return
  console.log(`\n=== ${suite}: vitest --project ${project}`)
  mkdirSync("test-results", { recursive: true })
  const out = `test-results/${suite}.json`
  rmSync(out, { force: true })
  const run = spawnSync("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  })
  try {
    const report = JSON.parse(readFileSync(out, "utf8")) as { numPassedTests: number; numFailedTests: number; numTotalTests: number }
    // A file that fails to load counts as a failure even though no test in it ran.
    const crashed = run.status !== 0 && report.numFailedTests === 0 ? 1 : 0
    results.push({ suite, passed: report.numPassedTests, failed: report.numFailedTests + crashed })
  } catch {
    results.push({ suite, passed: 0, failed: 1 })
  }
}

const pg = process.env.TEST_DATABASE_URL
runCheck("typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"])
runCheck("lint", "npx", ["oxlint", "--deny-warnings", "src", "server", "tests", "bench", "scripts"])
runVitest("unit", "unit", { TEST_DATABASE_URL: "" })
runVitest("paths", "paths", { TEST_DATABASE_URL: "" })
runVitest("server", "server", { TEST_DATABASE_URL: "" })
if (pg) runVitest("server-postgres", "server", { TEST_DATABASE_URL: pg })
runVitest("ops", "ops", { TEST_DATABASE_URL: pg ?? "" })
// SIGKILL/SIGTERM of real server processes; its PostgreSQL half uses the local server when TEST_DATABASE_URL is unset.
runVitest("reliability", "reliability", { TEST_DATABASE_URL: pg ?? "" })
runVitest("e2e", "e2e", { TEST_DATABASE_URL: "" })
// Last, so the load runs on a machine no other suite is using.
runVitest("bench", "bench", { TEST_DATABASE_URL: "" })

console.log("\n=== summary")
for (const r of results) console.log(`${r.suite.padEnd(16)} ${r.passed} passed, ${r.failed} failed`)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
