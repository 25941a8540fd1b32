import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"

/**
 * QA's model tools (README, "For QA"):
 *   npm run qa:model -- [--workflow vendor-status] [--runs 50] [--steps 10] [--seed 42] [--path 3:1] [--browser]
 *     seeded random walks of the domain workflows against the real API (and, with --browser, in Chromium);
 *     a failing run prints its seed and path, and the same flags replay it exactly.
 *   npm run qa:switch
 *     transition-pair (switch) coverage of every domain workflow, walked on the machines, as a table.
 */
const [command, ...rest] = process.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: {
    workflow: { type: "string" },
    runs: { type: "string" },
    steps: { type: "string" },
    seed: { type: "string" },
    path: { type: "string" },
    browser: { type: "boolean", default: false },
  },
})

const vitest = (args: string[], env: Record<string, string | undefined>) =>
  spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1

let status: number
if (command === "switch") {
  status = vitest(["--project", "paths", "tests/paths/switch-coverage.test.ts"], {})
  process.stdout.write(`\n${readFileSync("test-results/switch-coverage.md", "utf8")}`)
} else if (command === "model") {
  const seed = values.seed ?? String(Date.now() % 2_147_483_647)
  const env = { QA_SEED: seed, QA_RUNS: values.runs, QA_STEPS: values.steps, QA_PATH: values.path, QA_WORKFLOW: values.workflow, QA_BROWSER_RUNS: values.runs }
  console.log(`seed ${seed}: replay with the same flags and --seed ${seed}`)
  status = vitest(["--project", "server", "tests/server/model-runs.test.ts"], env)
  if (values.browser) {
    const files = ["vendor-status", "ticket"].filter((w) => !values.workflow || w === values.workflow).map((w) => `tests/e2e/${w}.paths.e2e.test.ts`)
    if (files.length) status ||= vitest(["--project", "e2e", ...files, "-t", "seeded random walks"], env)
  }
} else {
  console.error("usage: npm run qa:model -- [--workflow ID] [--runs N] [--steps N] [--seed S] [--path P] [--browser] | npm run qa:switch")
  status = 2
}
process.exit(status)
