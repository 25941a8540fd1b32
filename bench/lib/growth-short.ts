import { rmSync } from "node:fs"
import { join } from "node:path"
import { prepareData, type PreparedData } from "./bench-data.ts"

/**
 * The short growth run's two scales (tests/bench/growth.test.ts): two thousand and forty thousand people. Twenty
 * times the rows, because a cost that grows with the table shows only where the rows outweigh what every answer
 * costs anyway (bench/README.md, "The CI form").
 */
export const SHORT_GROWTH = { small: 0.002, large: 0.04 } as const

/**
 * Both scales' embedded databases, seeded side by side (each seed is mostly one core). In `dir` (as `small` and
 * `large`) when given: what is seeded there already (bench-data.ts's marker) is used as it is, so CI's first stage
 * can seed them while its cores are half idle (bench/growth-seed.ts) and the bench suite only measures. Without
 * `dir`, in temporary directories. `cleanup` removes them either way.
 */
export async function prepareShortGrowth(
  dir: string | null,
  log: (line: string) => void,
): Promise<{ small: PreparedData; large: PreparedData; cleanup(): void }> {
  const prepare = (side: "small" | "large") =>
    prepareData({
      db: "embedded",
      scale: SHORT_GROWTH[side],
      pgUrl: "",
      dataDir: dir ? join(dir, side) : null,
      reuse: false,
      quiet: true,
      log: (line) => log(`scale ${SHORT_GROWTH[side]}: ${line}`),
    })
  const prepared = await Promise.allSettled([prepare("small"), prepare("large")])
  const cleanup = () => {
    for (const one of prepared) if (one.status === "fulfilled") one.value.cleanup()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
  for (const one of prepared)
    if (one.status === "rejected") {
      cleanup()
      throw one.reason
    }
  const [small, large] = prepared.map((one) => (one as PromiseFulfilledResult<PreparedData>).value)
  return { small: small!, large: large!, cleanup }
}
