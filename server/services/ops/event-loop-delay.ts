import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks"

/** How often the event loop is sampled. */
const RESOLUTION_MS = 10

/**
 * The event loop's delay: how late a timer due every 10 ms ran. Node's histogram records each whole interval
 * between two runs of its timer, the 10 ms included (an idle loop reads about 10.2 ms at the median), so each
 * reading here takes the resolution off, as `@fastify/under-pressure` does: an idle loop reads about 0.2 ms, and
 * a loop held for 15 ms reads 15 ms, not 25.
 */
export interface LoopDelay {
  /** The quantile's delay (0 < q < 1), ms, since the last reset. */
  quantileMs(q: number): number
  /** The longest delay since the last reset, ms. */
  maxMs(): number
  /** Samples since the last reset. */
  count(): number
  reset(): void
  disable(): void
}

/** Starts sampling (`histogram`: a stand-in for Node's, in tests). */
export function watchLoopDelay(
  histogram: Pick<IntervalHistogram, "enable" | "disable" | "percentile" | "max" | "count" | "reset"> = monitorEventLoopDelay({ resolution: RESOLUTION_MS }),
): LoopDelay {
  histogram.enable()
  const beyond = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS)
  return {
    quantileMs: (q) => beyond(histogram.percentile(q * 100)),
    maxMs: () => beyond(histogram.max),
    count: () => histogram.count,
    reset: () => histogram.reset(),
    disable: () => histogram.disable(),
  }
}
