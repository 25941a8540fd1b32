/**
 * How many browser-test files run at once. Each worker talks to a server of its own, on its own embedded
 * database (tests/e2e/global-setup.ts), so no file sees another worker's writes; on a 2-core machine two
 * workers take about half the time of one, since a browser test mostly waits. E2E_WORKERS=1 runs them in turn.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2))
