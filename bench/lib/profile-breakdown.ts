import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"

/** The parts of a V8 `.cpuprofile` the breakdown reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; hitCount?: number }>
  samples: number[]
  timeDeltas: number[]
}

/** A stretch of a profile, in ms counted back from its end (the process's exit): [from, to) with from > to. */
export interface Window {
  fromEndMs: number
  toEndMs: number
}

/** Where a function's own time is billed: a package, a part of the server, Node's internals, or V8's own work. */
export function categoryOf(callFrame: { functionName: string; url: string }): string {
  const { url, functionName } = callFrame
  if (url === "") {
    if (functionName === "(idle)" || functionName === "(program)" || functionName === "(garbage collector)") return functionName
    // Builtins called from JavaScript (JSON.stringify, RegExp exec, …): named by the function.
    return `native: ${functionName || "(anonymous)"}`
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (pkg) {
    const name = pkg[1]!
    if (/^(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|pgpass|@electric-sql\/pglite)$/.test(name)) return `database driver (${name})`
    if (/^(fastify|@fastify\/.+|find-my-way|avvio|light-my-request|fast-json-stringify|fast-querystring|secure-json-parse|pino.*)$/.test(name))
      return `fastify and its parts (${name})`
    return `package ${name}`
  }
  if (url.startsWith("node:")) return "Node internals (http, net, streams, timers)"
  const own = /\/(server\/[^/]+|src\/[^/]+(?:\/[^/]+)?)\//.exec(url)
  return own ? `own code: ${own[1]}` : `other: ${url}`
}

/**
 * A profile's own (self) time summed by category and by function, as lines to print: the share of the time the
 * process was busy (idle left out), the top categories, then the top functions with where they live.
 */
export function profileBreakdown(profile: CpuProfile, top = 20, window?: Window): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  // Each sample's time from the profile's end: a window keeps the load's samples, not the start's or the stop's.
  const total = profile.timeDeltas.reduce((sum, d) => sum + d, 0)
  let elapsed = 0
  const inWindow = profile.timeDeltas.map((d) => {
    elapsed += d
    const fromEnd = (total - elapsed) / 1000
    return !window || (fromEnd < window.fromEndMs && fromEnd >= window.toEndMs)
  })
  const categories = new Map<string, number>()
  const functions = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    if (!node || !inWindow[i]) return
    const micros = profile.timeDeltas[i] ?? 0
    const category = categoryOf(node.callFrame)
    if (category === "(idle)") return
    busy += micros
    categories.set(category, (categories.get(category) ?? 0) + micros)
    const fn = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*\/(node_modules|server|src)\//, "$1/")}`
    functions.set(fn, (functions.get(fn) ?? 0) + micros)
  })
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${(micros / 1e6).toFixed(2).padStart(6)} s  ${name}`)
  // Summed into families: every database driver package, every fastify part, own code, native builtins.
  const families = new Map<string, number>()
  for (const [category, micros] of categories) {
    const family = category
      .replace(/ \(.*\)$/, "")
      .replace(/^own code: .*/, "own code")
      .replace(/^native: .*/, "native builtins")
    families.set(family, (families.get(family) ?? 0) + micros)
  }
  return [
    `busy ${(busy / 1e6).toFixed(2)} s of the server's profile${window ? ` in ${((window.fromEndMs - window.toEndMs) / 1000).toFixed(1)} s` : ""}; self time by family:`,
    ...rows(families),
    "by category:",
    ...rows(categories),
    `top ${top} functions by self time:`,
    ...rows(functions),
  ].join("\n")
}

/** CPU seconds (user + system) used so far by the server, by the database's server processes, and by this process. */
export function cpuSeconds(serverPid: number): { server: number; database: number; self: number } {
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100
  const of = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat, 12 and 13 after the command's closing parenthesis.
      return (Number(fields[11]) + Number(fields[12])) / ticks
    } catch {
      return 0
    }
  }
  // PostgreSQL's processes (every backend and helper); the embedded database runs inside the server's process.
  let postgres: number[] = []
  try {
    postgres = execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number)
  } catch {
    // none running (pgrep exits 1): nothing to add
  }
  const self = process.cpuUsage()
  return { server: of(serverPid), database: postgres.reduce((sum, pid) => sum + of(pid), 0), self: (self.user + self.system) / 1e6 }
}
