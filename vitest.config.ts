import { defineConfig } from "vitest/config"
import { E2E_WORKERS } from "./tests/e2e/workers.ts"
import { LongestFirst } from "./tests/longest-first.ts"

const SERVER = {
  setupFiles: ["tests/server/setup.ts"],
  // A worker runs its files one after another in one process: the server's modules, the API document and its
  // validators load once per worker instead of once per file (about a minute of a run). Each file still builds
  // its own app on its own database; what the test helpers keep per file is reset by setup.ts.
  isolate: false,
  globalSetup: ["tests/server/global-setup.ts"],
  environment: "node" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
}
const SERVER_PROCESS_FILES = [
  "tests/server/backup.test.ts",
  "tests/server/online-backup.test.ts",
  "tests/server/create-admin.test.ts",
  "tests/server/migrate-start.test.ts",
  "tests/server/process.test.ts",
  "tests/server/generated-client.test.ts",
  "tests/server/openapi-lint.test.ts",
  // Compares the time of two kinds of answer, so it runs where no other suite runs beside it.
  "tests/server/account-oracle.test.ts",
]

/** Server tests about PostgreSQL itself: in the server suite's PostgreSQL run only (TEST_DATABASE_URL set). */
const POSTGRES_ONLY_FILES = process.env.TEST_DATABASE_URL ? [] : ["tests/server/migrate-shared-database.test.ts"]

/**
 * Server tests that open the embedded database whatever TEST_DATABASE_URL says (its thread, its head start, its
 * opening at start, the server process on a data directory) or no database at all (the API document's linters):
 * in the embedded run only. The PostgreSQL run repeated them word for word, about 175 s of a core in CI's
 * busiest stage.
 */
const EMBEDDED_ONLY_FILES = process.env.TEST_DATABASE_URL
  ? [
      "tests/server/pglite-thread.test.ts",
      "tests/server/embedded-head-start.test.ts",
      "tests/server/migrate-start.test.ts",
      "tests/server/process.test.ts",
      "tests/server/openapi-lint.test.ts",
    ]
  : []
const NOT_IN_THIS_RUN = [...POSTGRES_ONLY_FILES, ...EMBEDDED_ONLY_FILES]

/** Suites run as projects so `npm test` can report each; see tests/README.md. */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      // Modules load once per worker, not once per file: no unit test replaces a module (a machine's side effects
      // are provided to it instead), so a file cannot see another's doubles.
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: ["tests/unit/no-network.setup.ts"], environment: "node", isolate: false } },
      { test: { name: "server", include: ["tests/server/**/*.test.ts"], exclude: [...SERVER_PROCESS_FILES, ...NOT_IN_THIS_RUN], ...SERVER } },
      // The server tests that run real processes (the CLIs, the server started as `npm start` would, client
      // generators and API linters) or compare timings: the full tier's (`npm run test:all`), so `npm test` stays
      // quick and its smoke, run beside the server suite, cannot skew a timing.
      { test: { name: "server-processes", include: SERVER_PROCESS_FILES, exclude: NOT_IN_THIS_RUN, ...SERVER } },
      // The machines, the models and their generated paths load once per worker, not once per file (what the
      // helpers keep at module level is per machine, never per file).
      { test: { name: "paths", include: ["tests/paths/**/*.test.ts"], setupFiles: ["tests/unit/no-network.setup.ts"], environment: "node", isolate: false } },
      // Real server processes on the local PostgreSQL and Redis (several instances, see tests/ops).
      { test: { name: "ops", include: ["tests/ops/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      // SIGKILL and SIGTERM of real server processes under load (see tests/README.md); one file at a time.
      {
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // The short benchmark (bench/run.ts --short as tests) and the short growth run (bench/growth.ts's figures at two small
      // scales); each builds the console and runs real processes. One file at a time: each measures loads, which the other's would skew.
      {
        test: { name: "bench", include: ["tests/bench/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 300_000, fileParallelism: false },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A hang's limit, not a measure: each wait inside a test has its own. The stage runs three files at once on
          // two cores, so a flow takes about twice what it takes alone: in a whole run here the ticket and keyboard
          // flows took 42–46 s (20–26 s alone), and on CI's machine two of them passed 60 s (stop 65). Screen tours
          // and session paths set longer limits of their own.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files run side by side, one per worker, each worker on its own server (tests/e2e/workers.ts).
          maxWorkers: E2E_WORKERS,
          // A worker loads playwright, the machines and the route table once, not once per file.
          isolate: false,
          // A screen shows within a second on a quiet machine; two browsers and two servers share the cores here.
          expect: { poll: { timeout: 10_000 } },
          // Tests of one file side by side (the smoke's role tours, the paths that wait for a session's start): two at
          // a time, one per core. Five tours at once beside the other worker's file starved each other's pages of
          // frames on a loaded machine (a screen not drawn within 15 s, four tours at once).
          maxConcurrency: 2,
        },
      },
    ],
  },
})
