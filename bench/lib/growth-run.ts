import { ensureBuilt } from "../../tests/fixtures/server-process.ts"
import { adminSession } from "./api-session.ts"
import type { PreparedData } from "./bench-data.ts"
import { growthFigures } from "./growth-figures.ts"
import type { GrowthRow } from "./growth-ratio.ts"
import type { LoadPlan } from "./load.ts"
import { startServer, type ServerStart } from "./processes.ts"

/** One prepared database of the growth run, at its scale. */
export interface GrowthData {
  scale: number
  data: PreparedData
}

/**
 * The growth run on two prepared databases, as `npm run bench:growth` and CI's short form (tests/bench/growth.test.ts)
 * both run it: the server bundle built when a source changed, a server started on each database, both up at once,
 * the benchmark's Admin signed in on each, `growthFigures`, and both servers stopped whatever happened. The
 * databases stay: the caller prepared them and cleans them up.
 */
export async function runGrowth(options: {
  small: GrowthData
  large: GrowthData
  plan: LoadPlan
  rounds: number
  dashboardRounds: number
  log: (line: string) => void
}): Promise<GrowthRow[]> {
  const { small, large, log } = options
  log("building the server (when a source changed)")
  ensureBuilt()
  const servers: ServerStart[] = []
  try {
    for (const side of [small, large]) servers.push(await startServer(side.data.env))
    const [smallSession, largeSession] = await Promise.all(servers.map((server) => adminSession(server.url)))
    return await growthFigures({
      small: { scale: small.scale, session: smallSession! },
      large: { scale: large.scale, session: largeSession! },
      plan: options.plan,
      rounds: options.rounds,
      dashboardRounds: options.dashboardRounds,
      log,
    })
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
