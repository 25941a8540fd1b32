import { apiFigures } from "./api-figures.ts"
import { adminSession } from "./api-session.ts"
import { prepareData, type DataOptions } from "./bench-data.ts"
import { judge, type Figure } from "./figure.ts"
import { ensureBuilt } from "../../tests/fixtures/server-process.ts"
import { firstLoadFigures } from "./first-load-figures.ts"
import { lighthouseFigures } from "./lighthouse-figures.ts"
import { liveFigures } from "./live-figures.ts"
import { load, type LoadPlan } from "./load.ts"
import { startHelloWorld, startOnceForCodeCache, startServer } from "./processes.ts"
import type { RunInfo } from "./report.ts"
import { soakFigures } from "./soak-figures.ts"
import { untilQuiet } from "./quiet-machine.ts"

/** Starts of the build timed for the ready figure, after the first (which writes the code cache). */
const READY_RESTARTS = 5

/** What to run on, as prepareData takes it, and how to load it. */
export interface BenchOptions extends DataOptions {
  plan: LoadPlan
  /** 1 = the targets; CI passes a margin for a noisy shared machine. */
  margin: number
  dashboardRounds: number
  /** The soak's length (issue 31: ten minutes of the mixed workload); 0 leaves it out. */
  soakSeconds: number
  firstLoad: boolean
  lighthouse: boolean
}

export interface BenchResult {
  info: RunInfo
  figures: Figure[]
}

/**
 * One benchmark run: seed (or reuse) the database, build the console, start the real server (timed
 * until ready) and the hello-world, load both with the same plan, then first-load and Lighthouse.
 */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const { log, plan, margin } = options
  const data = await prepareData(options)
  const info: RunInfo = {
    db: options.db === "embedded" ? "embedded (PGlite)" : `PostgreSQL (${new URL(options.pgUrl).host})`,
    data: data.describe,
    load: `autocannon, ${plan.connections} connections, ${plan.warmup} s warm-up + ${plan.duration} s measured per figure`,
    margin,
  }
  const figures: Figure[] = []
  try {
    // The console and the server bundle as `npm start` builds them (only when a source changed since the last
    // build): a run of the suites has built them already, and the figures are of what `npm start` serves.
    log("building the console and the server (when a source changed)")
    ensureBuilt()
    if (options.firstLoad) figures.push(...firstLoadFigures())
    // A deployed build starts many times; its first start compiles the bundle and writes V8's code
    // cache (server/start.ts), every later start reads it. The figure is a later start; the first is noted.
    log("first start of the build (writes its code cache)")
    const firstStartMs = await startOnceForCodeCache(data.env)
    // One start varies by ±100 ms on a 2-core machine: the figure is the median of several restarts,
    // the last of which stays up for the rest of the run.
    const readyTimes: number[] = []
    for (let restart = 1; restart < READY_RESTARTS; restart++) {
      const earlier = await startServer(data.env)
      readyTimes.push(earlier.readyMs)
      await earlier.stop()
    }
    const hello = await startHelloWorld()
    const server = await startServer(data.env).catch(async (error: unknown) => {
      await hello.stop()
      throw error
    })
    try {
      readyTimes.push(server.readyMs)
      const sorted = readyTimes.toSorted((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)]!
      const note = `spawn → first 200 from /readyz, existing database; median of ${sorted.length} restarts of the build (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)} ms; its first start: ${Math.round(firstStartMs)} ms)`
      figures.push(judge({ name: "Server ready after start", value: median, unit: "ms", note }, { target: "≤ 1000 ms", limit: 1000, better: "lower" }, margin))
      log("hello-world")
      const helloLoad = await load(hello.url, plan)
      figures.unshift({
        name: "hello-world (node:http baseline)",
        rps: helloLoad.rps,
        p50: helloLoad.p50,
        p99: helloLoad.p99,
        vsHello: 1,
        value: helloLoad.rps,
        unit: "req/s",
        target: "baseline",
        limit: 0,
        better: "higher",
        pass: helloLoad.unexpected === 0 && helloLoad.errors === 0,
      })
      const session = await adminSession(server.url)
      log("API figures")
      figures.push(
        ...(await apiFigures({
          session,
          hello: helloLoad,
          helloAgain: () => load(hello.url, plan),
          plan,
          db: options.db,
          margin,
          dashboardRounds: options.dashboardRounds,
        })),
      )
      log("live stream figures")
      figures.push(...(await liveFigures({ session: await session.again(), plan, margin })))
      if (options.soakSeconds > 0) {
        log(`soak: the mixed workload for ${options.soakSeconds} s`)
        figures.push(...(await soakFigures({ session, connections: plan.connections, seconds: options.soakSeconds, margin, log })))
      }
      if (options.lighthouse) {
        // An audit times the browser's main thread, so other work on the machine counts against the page.
        const machine = await untilQuiet(options, log)
        figures.push(...(await lighthouseFigures(session, margin, log, machine)))
      }
    } finally {
      await server.stop()
      await hello.stop()
    }
  } finally {
    data.cleanup()
  }
  return { info, figures }
}
