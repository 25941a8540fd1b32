import autocannon from "autocannon"
import { medianRun } from "./median.ts"

/** One load run: requests per second and latency percentiles (ms), as autocannon measured them. */
export interface Load {
  rps: number
  p50: number
  p99: number
  requests: number
  /** Answers with a status other than the one the figure expects. */
  unexpected: number
  /** Connection errors and timeouts (no answer within autocannon's 10 s): the figure then fails. */
  errors: number
}

export interface LoadPlan {
  connections: number
  /** Seconds of measured load; a warm-up of `warmup` seconds (not measured) runs first. */
  duration: number
  warmup: number
}

/**
 * Loads one URL with autocannon's programmatic API: a warm-up run (JIT, caches, pool) first, then
 * the measured run with the same connections. `status` is what every answer must be (200, or 304
 * for the unchanged poll); anything else makes the figure fail rather than be silently fast.
 */
export async function load(url: string, plan: LoadPlan, headers: Record<string, string> = {}, status = 200): Promise<Load> {
  const options = { url, connections: plan.connections, headers }
  if (plan.warmup > 0) {
    await autocannon({ ...options, duration: plan.warmup })
    await settle(url, headers)
  }
  const result = await autocannon({ ...options, duration: plan.duration })
  await settle(url, headers)
  const bucket = `${String(status)[0]}xx` as "2xx" | "3xx"
  return {
    // Completed answers over the run's length (the per-second average is coarse on short CI runs).
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    unexpected: result.requests.total - result[bucket],
    errors: result.errors,
  }
}

/**
 * Waits out the requests autocannon left in flight when its clock stopped: the server still answers
 * them (the embedded database queues them one by one), and they would otherwise be billed to the
 * next figure. One more request of the same kind queues behind them; its answer means they are done.
 */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers })
  await res.arrayBuffer()
}

/**
 * Loads two targets in turn, `rounds` times (a, b, a, b, …), and merges each one's runs: requests per
 * second averaged over the equal-length runs, latency percentiles the median run's. A ratio of the two
 * then compares runs made under the same conditions: on a shared virtual machine the speed drifts by a
 * fifth within a minute, which a single run of each, one after the other, billed to whichever ran second.
 */
export async function alternate(a: () => Promise<Load>, b: () => Promise<Load>, rounds: number): Promise<[Load, Load]> {
  const runsA: Load[] = []
  const runsB: Load[] = []
  for (let round = 0; round < rounds; round++) {
    runsA.push(await a())
    runsB.push(await b())
  }
  return [merge(runsA), merge(runsB)]
}

function merge(runs: Load[]): Load {
  const median = (pick: (run: Load) => number) => medianRun(runs, pick)
  const sum = (pick: (run: Load) => number) => runs.reduce((total, run) => total + pick(run), 0)
  return {
    rps: sum((run) => run.rps) / runs.length,
    p50: median((run) => run.p50),
    p99: median((run) => run.p99),
    requests: sum((run) => run.requests),
    unexpected: sum((run) => run.unexpected),
    errors: sum((run) => run.errors),
  }
}
