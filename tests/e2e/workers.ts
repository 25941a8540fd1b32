/**
 * How many browser-test files run at once. Each worker talks to a server of its own, on its own embedded
 * database (tests/e2e/global-setup.ts), so no file sees another worker's writes. A browser test mostly waits
 * (for its server, for a session's real start time), so on a 2-core machine two workers kept only 1.4 cores
 * busy: the suite took 498 s with two and 415 s with three, for the same CPU time (703 and 723 CPU-s).
 * E2E_WORKERS=1 runs them in turn.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3))
