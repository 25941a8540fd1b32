import { medianRun } from "./median.ts"

/** Issue 31's bound: each growing cost at a million rows at most this many times its cost at a hundred thousand. */
export const GROWTH_LIMIT = 1.25

/** One growing figure measured on both sides: each side's runs, the median of each, and how much the cost grew. */
export interface GrowthRow {
  name: string
  /** "req/s" for the loads (cost = 1 / req/s at the same load), "ms" for the dashboard's server time. */
  unit: "req/s" | "ms"
  small: number[]
  large: number[]
  /** The large side's median cost over the small side's. */
  grew: number
  pass: boolean
  /** What each side measured (its own last page, its own search term). */
  note: string
}

/**
 * The order of the sides round by round (from 0): small first in the first, third, … round, large first in the others (ABBAAB…). A machine whose
 * speed drifts during a figure then bills the drift to both sides alike, where ABAB… billed it to whichever ran second.
 */
export const roundOrder = (round: number): readonly ["small", "large"] | readonly ["large", "small"] =>
  round % 2 === 0 ? (["small", "large"] as const) : (["large", "small"] as const)

/** The median of each side and the cost ratio; for loads a cost is 1 / req/s, so the ratio is small req/s over large req/s. */
export function growthOf(unit: GrowthRow["unit"], small: number[], large: number[]): { grew: number; pass: boolean } {
  const [a, b] = [medianRun(small, (n) => n), medianRun(large, (n) => n)]
  const grew = unit === "req/s" ? a / b : b / a
  return { grew, pass: Number.isFinite(grew) && grew <= GROWTH_LIMIT }
}
