/** One measured figure of the benchmark, with its target and whether it met it. */
export interface Figure {
  name: string
  /** Load figures: what autocannon measured (absent for timings, sizes and scores). */
  rps?: number
  p50?: number
  p99?: number
  /** rps of this figure over the hello-world's rps in the same run. */
  vsHello?: number
  /** The number the target is about, in `unit`. */
  value: number
  unit: string
  /** The target as the issue states it; `limit` is what was applied (looser in CI by `margin`). */
  target: string
  limit: number
  better: "lower" | "higher"
  pass: boolean
  note?: string
  /** Checked by the CI form (tests/bench): ratios measured in the same run, counts and sizes; not absolute times. */
  ci?: boolean
  /** Requests of a load figure that got no answer; any makes the figure fail whatever its value. */
  errors?: number
}

export interface Target {
  target: string
  limit: number
  better: "lower" | "higher"
}

/**
 * Applies a target. `margin` (≥ 1) loosens it for a noisy CI machine: a "lower is better" limit is
 * multiplied by it, a "higher is better" one divided; zero-limits (no query at all) stay exact.
 */
export function judge(figure: Omit<Figure, "pass" | "limit" | "target" | "better">, goal: Target, margin = 1): Figure {
  const limit = goal.better === "lower" ? goal.limit * margin : goal.limit / margin
  const pass = (goal.better === "lower" ? figure.value <= limit : figure.value >= limit) && !figure.errors
  return { ...figure, target: goal.target, limit, better: goal.better, pass }
}
