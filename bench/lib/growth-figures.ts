import { BENCH_NO_CACHE_HEADER } from "../../server/plugins/bench-instrument.ts"
import { dashboardTimes, expectFound, pagePath, searchedLawyer, type PeoplePage } from "./api-figures.ts"
import type { ApiSession } from "./api-session.ts"
import { LIST, PAGE_SIZE } from "./api-workload.ts"
import { growthOf, roundOrder, type GrowthRow } from "./growth-ratio.ts"
import { load, type LoadPlan } from "./load.ts"

/** One database at one scale, its server running. */
export interface GrowthSide {
  scale: number
  session: ApiSession
}

interface Target {
  name: string
  unit: GrowthRow["unit"]
  /** What this side measures for the figure, and a word for the note. */
  measure(side: GrowthSide): Promise<{ value: number; what: string }>
}

/**
 * Issue 31's cost as data grows, measured in one run: both scales' servers up at once, each growing figure loaded on the
 * small and the large database in turn, `rounds` times each (`roundOrder`), and the ratio of the two sides' medians. One
 * load per figure per scale, in two runs minutes or hours apart, cannot tell growth on a machine whose speed moves by
 * 1.6× within half an hour (bench/README.md); loads of the two side by side, in turn, can.
 *
 * Each side measures what the full run does at its scale: page 1 and its own last page afresh, a search for its own
 * newest Lawyer with a number (found first, so no empty answer is timed), and the dashboard's server time.
 */
export async function growthFigures(options: {
  small: GrowthSide
  large: GrowthSide
  plan: LoadPlan
  rounds: number
  dashboardRounds: number
  log: (line: string) => void
}): Promise<GrowthRow[]> {
  const { plan, rounds, log } = options
  const afresh = (session: ApiSession) => ({ ...session.headers, [BENCH_NO_CACHE_HEADER]: "1" })
  const loadOf = async (side: GrowthSide, path: string) => {
    const run = await load(`${side.session.base}/api/v1${path}`, plan, afresh(side.session))
    if (run.unexpected > 0 || run.errors > 0 || run.requests === 0)
      throw new Error(`GET ${path} at scale ${side.scale}: ${run.unexpected} unexpected answers and ${run.errors} errors of ${run.requests}`)
    return run.rps
  }
  const firstPages = new Map<GrowthSide, PeoplePage>()
  const firstPage = async (side: GrowthSide) => {
    if (!firstPages.has(side)) firstPages.set(side, await side.session.json<PeoplePage>(pagePath(1)))
    return firstPages.get(side)!
  }
  const searchTerm = async (side: GrowthSide, field: "name" | "email" | "number") => {
    const term = searchedLawyer(await firstPage(side))[field]
    if (!term) throw new Error(`scale ${side.scale}: ${LIST} has no Lawyer with a ${field} to search for`)
    await expectFound(side.session, field, term)
    return term
  }
  const targets: Target[] = [
    { name: "List page 1, afresh", unit: "req/s", measure: async (side) => ({ value: await loadOf(side, pagePath(1)), what: "page 1" }) },
    {
      name: "List last page, afresh",
      unit: "req/s",
      measure: async (side) => {
        const last = Math.max(1, Math.ceil((await firstPage(side)).totalRecords / PAGE_SIZE))
        return { value: await loadOf(side, pagePath(last)), what: `page ${last}` }
      },
    },
    ...(["name", "email", "number"] as const).map((field): Target => ({
      name: `Search by ${field}, page 1, afresh`,
      unit: "req/s",
      measure: async (side) => {
        const term = await searchTerm(side, field)
        return { value: await loadOf(side, pagePath(1, term)), what: `"${term}"` }
      },
    })),
    {
      name: "Dashboard: all its calls",
      unit: "ms",
      measure: async (side) => {
        // Each call's median too: which of them grows, if the sum does.
        const { total, perCall } = await dashboardTimes(side.session, options.dashboardRounds)
        const calls = [...perCall].map(([path, ms]) => `${path.split("?")[0]} ${ms.toFixed(1)}`).join(", ")
        return { value: total, what: `median of ${options.dashboardRounds} rounds (ms per call: ${calls})` }
      },
    },
  ]
  const rows: GrowthRow[] = []
  for (const target of targets) {
    const runs = { small: [] as number[], large: [] as number[] }
    const what = { small: "", large: "" }
    for (let round = 0; round < rounds; round++) {
      for (const which of roundOrder(round)) {
        const measured = await target.measure(options[which])
        runs[which].push(measured.value)
        what[which] = measured.what
      }
    }
    const { grew, pass } = growthOf(target.unit, runs.small, runs.large)
    log(`${target.name}: ${grew.toFixed(2)} ×`)
    rows.push({
      name: target.name,
      unit: target.unit,
      small: runs.small,
      large: runs.large,
      grew,
      pass,
      note: `scale ${options.small.scale}: ${what.small}; scale ${options.large.scale}: ${what.large}`,
    })
  }
  return rows
}
