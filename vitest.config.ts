import { defineConfig } from "vitest/config"

/** Suites run as projects so `npm test` can report each; see tests/README.md. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      { test: { name: "server", include: ["tests/server/**/*.test.ts"], setupFiles: ["tests/server/setup.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: "paths", include: ["tests/paths/**/*.test.ts"], environment: "node" } },
      // Real server processes on the local PostgreSQL and Redis (several instances, see tests/ops).
      { test: { name: "ops", include: ["tests/ops/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      // SIGKILL and SIGTERM of real server processes under load (see tests/README.md); one file at a time.
      { test: { name: "reliability", include: ["tests/reliability/**/*.test.ts"], environment: "node", testTimeout: 300_000, hookTimeout: 120_000, fileParallelism: false } },
      // The short benchmark (bench/run.ts --short as tests); builds the console and runs real processes.
      { test: { name: "bench", include: ["tests/bench/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 300_000 } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
