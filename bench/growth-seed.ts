import { rmSync } from "node:fs"
import { prepareShortGrowth, SHORT_GROWTH } from "./lib/growth-short.ts"

/**
 * `node --import tsx bench/growth-seed.ts` with GROWTH_DATA_DIR set: seeds the short growth run's two databases
 * (scale 0.002 and 0.04) there, afresh. `npm run test:all` runs it in its first stage, whose checks keep only
 * about 1.2 of the 2 cores busy, so the bench suite's growth run (tests/bench/growth.test.ts) starts measuring at
 * once instead of seeding for a minute on a machine it must have to itself. That test removes the directory.
 */
const dir = process.env.GROWTH_DATA_DIR
if (!dir) {
  console.error("GROWTH_DATA_DIR must name the directory to seed the short growth run's databases in")
  process.exit(2)
}
// Afresh: a directory left by an earlier run holds the data of an earlier tree.
rmSync(dir, { recursive: true, force: true })
const started = performance.now()
await prepareShortGrowth(dir, (line) => console.log(`[growth-seed] ${line}`))
console.log(`[growth-seed] scales ${SHORT_GROWTH.small} and ${SHORT_GROWTH.large} seeded in ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
