import { execFileSync } from "node:child_process"
import { cpus, loadavg, totalmem } from "node:os"
import type { Figure } from "./figure.ts"
import { GROWTH_LIMIT, type GrowthRow } from "./growth-ratio.ts"
import { median } from "./median.ts"

const fixed = (n: number | undefined, digits: number) => (n === undefined ? "" : n.toFixed(digits))

/** The figures as a Markdown table (printed, and written to bench/RESULTS.md by a full run). */
export function table(figures: Figure[]): string {
  const rows = figures.map((f) =>
    [
      f.name,
      fixed(f.rps, 0),
      fixed(f.p50, 1),
      fixed(f.p99, 1),
      fixed(f.vsHello, 3),
      `${fixed(f.value, f.value >= 100 ? 0 : 3)} ${f.unit}`,
      f.target,
      f.pass ? "pass" : "**FAIL**",
      f.note ?? "",
    ].join(" | "),
  )
  return [
    "| Figure | req/s | p50 ms | p99 ms | × hello rps | Measured | Target | Result | Note |",
    "|---|---:|---:|---:|---:|---:|---|---|---|",
    ...rows.map((r) => `| ${r} |`),
  ].join("\n")
}

export interface RunInfo {
  db: string
  data: string
  load: string
  margin: number
}

const git = (args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim()
// The results file itself is left out: a run recorded after another, before the first is committed, is of the same code.
const dirtyNote = () => (git(["status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/RESULTS.md"]) ? " (with uncommitted changes)" : "")

/** Machine, date and commit, so a figure can be compared with another run's. */
export function header(info: RunInfo): string {
  const cpu = cpus()
  const dirty = dirtyNote()
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${git(["rev-parse", "HEAD"])}${dirty}`,
    `- Machine: ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}`,
    `- Load average when the report was written (other work on the machine): ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
    `- Database: ${info.db}; data: ${info.data}`,
    `- Load: ${info.load}${info.margin !== 1 ? `; CI margin ×${info.margin} on every target` : ""}`,
  ].join("\n")
}

/** A section of RESULTS.md: a database, at scale 1 under its plain name, at another scale as `db@scale`. */
export const sectionKey = (db: string, scale: number) => (scale === 1 ? db : `${db}@${scale}`)

const sectionTitle = (key: string) => {
  const [db, scale] = key.split("@")
  return `${db === "embedded" ? "Embedded database (PGlite)" : "PostgreSQL"}${scale ? `, scale ${scale}` : ""}`
}

const parseKey = (key: string) => {
  const [db, scale] = key.split("@")
  return { db: db!, scale: scale ? Number(scale) : 1 }
}

/** One line of RESULTS.md's history of full runs: when, which code and Node, and which figures missed. */
export function historyLine(key: string, figures: Figure[]): string {
  const missed = figures.filter((f) => !f.pass).map((f) => f.name)
  const when = new Date().toISOString().slice(0, 16).replace("T", " ")
  const { db, scale } = parseKey(key)
  return `| ${when} | ${git(["rev-parse", "--short", "HEAD"])}${dirtyNote()} | ${db}${scale === 1 ? "" : `, scale ${scale}`} | ${process.version} | ${figures.length - missed.length} of ${figures.length} | ${missed.join("; ") || "none"} |`
}

const TITLE = "# Benchmark results\n\nLatest full run of `npm run bench` per database and scale (see bench/README.md for what each figure means).\n"

/**
 * RESULTS.md keeps one section per database and scale, which a run replaces, the growth of cost from a database's
 * smallest scale recorded to each larger one (rewritten from those sections), the growth runs (`npm run bench:growth`,
 * both scales in one run, one block per database and pair of scales, which such a run replaces), and a history with a
 * line per full run, which a run extends; what follows them (the free-slot figures, written by hand) is kept as it is.
 */
export function withSection(previous: string, key: string, report: string, line: string): string {
  return rebuild(previous, { sections: [[key, `## ${sectionTitle(key)}\n\n${report}`]] }, line)
}

/** RESULTS.md with a growth run's block (`growthRunReport`) put in, or replacing the one of the same databases and scales. */
export function withGrowthRun(previous: string, key: string, block: string, line: string): string {
  return rebuild(previous, { runs: [[key, block]] }, line)
}

/** The blocks `<!-- tag:key -->…<!-- /tag -->` of a RESULTS.md, by key. */
const blocksOf = (text: string, tag: string) =>
  new Map([...text.matchAll(new RegExp(`<!-- ${tag}:([\\w@.-]+) -->\n([\\s\\S]*?)<!-- \\/${tag} -->`, "g"))].map((m) => [m[1]!, m[2]!]))

function rebuild(previous: string, change: { sections?: [string, string][]; runs?: [string, string][] }, line: string): string {
  const sections = blocksOf(previous, "db")
  for (const [key, text] of change.sections ?? []) sections.set(key, text)
  const runs = blocksOf(previous, "growth-run")
  for (const [key, text] of change.runs ?? []) runs.set(key, text)
  const rank = (k: string) => {
    const { db, scale } = parseKey(k)
    return [db === "embedded" ? 0 : 1, scale] as const
  }
  const order = [...sections.keys()].sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1])
  const history = /<!-- history -->\n([\s\S]*?)<!-- \/history -->\n/.exec(previous)?.[1] ?? HISTORY_HEAD
  const lastSection = Math.max(
    ...["<!-- /db -->\n", "<!-- /growth -->\n", "<!-- /growth-run -->\n", "<!-- /history -->\n"].map((end) => previous.lastIndexOf(end)),
  )
  const rest = lastSection < 0 ? "" : previous.slice(previous.indexOf("\n", lastSection) + 1)
  const growth = growthSection(sections, new Set(runs.keys()))
  const runBlocks = [...runs.keys()].sort().map((k) => `<!-- growth-run:${k} -->\n${runs.get(k)}<!-- /growth-run -->\n\n`)
  return (
    `${TITLE}\n${order.map((k) => `<!-- db:${k} -->\n${sections.get(k)}<!-- /db -->\n`).join("\n")}\n` +
    (growth ? `<!-- growth -->\n${growth}<!-- /growth -->\n\n` : "") +
    runBlocks.join("") +
    `<!-- history -->\n${history}${line}\n<!-- /history -->\n${rest}`
  )
}
const HISTORY_HEAD = "## Every full run\n\n| Date | Commit | Database | Node | Met | Missed |\n|---|---|---|---|---|---|\n"

/** Two runs further apart than this may be of two sessions, so of two machines. */
const RUNS_APART_HOURS = 2
const GROWING: { name: string; match: (figure: string) => boolean; cost: "per request" | "ms" }[] = [
  { name: "List page 1, afresh", match: (f) => f === "List page 1 computed afresh (no answer cache)", cost: "per request" },
  { name: "List last page, afresh", match: (f) => f.startsWith("List last page"), cost: "per request" },
  ...["name", "email", "number"].map((field) => ({
    name: `Search by ${field}, page 1, afresh`,
    match: (f: string) => f === `Search by ${field}, page 1, afresh`,
    cost: "per request" as const,
  })),
  { name: "Dashboard: all its calls", match: (f) => f === "Dashboard: all its calls", cost: "ms" },
]

/**
 * For each database recorded at two scales or more: each growing figure's cost at each larger scale over the smallest
 * (the load figures' cost is 1 / req/s at the same load, the dashboard's its server time). Each section's own figures
 * are read back from its table, so the comparison is of what the file shows. The two runs may be of different days:
 * where both recorded the hello-world baseline, each cost is counted in its own run's hello-world requests, so a
 * machine that was slower on one day (8 % between two runs of 4 December) does not count as growth.
 */
function growthSection(sections: Map<string, string>, growthRuns: ReadonlySet<string>): string | null {
  const tables: string[] = []
  for (const db of ["embedded", "postgres"]) {
    const scales = [...sections.keys()].filter((k) => parseKey(k).db === db).sort((a, b) => parseKey(a).scale - parseKey(b).scale)
    const small = scales[0]
    // Each larger scale against the smallest: scale 1 is the issue's bound (a million rows against a hundred
    // thousand); scale 5, run once by hand, is held to the same bound.
    for (const large of scales.slice(1)) tables.push(growthTable(db, sections, small!, large, growthRuns))
  }
  return tables.length === 0
    ? null
    : `## Cost as data grows (issue 31)\n\nEach from the sections above, as recorded (their runs may be of different commits and days). A growth run (\`npm run bench:growth\`, below where one was recorded) measures both scales in one run, in turn: it tells growth where these two runs may tell the machine's speed.\n\n${tables.join("\n")}`
}

function growthTable(db: string, sections: Map<string, string>, small: string, large: string, growthRuns: ReadonlySet<string>): string {
  const rows = new Map(
    [small, large].map((key) => [
      key,
      sections
        .get(key)!
        .split("\n")
        .filter((l) => l.startsWith("| ") && !l.startsWith("| Figure"))
        .map((l) => l.slice(2, -2).split(" | ")),
    ]),
  )
  const costOf = (key: string, figure: (typeof GROWING)[number]) => {
    const row = rows.get(key)!.find((cells) => figure.match(cells[0]!))
    if (!row) return null
    const n = figure.cost === "per request" ? 1 / Number(row[1]) : parseFloat(row[5]!)
    return Number.isFinite(n) && n > 0 ? n : null
  }
  const helloOf = (key: string) => {
    const rps = Number(rows.get(key)!.find((cells) => cells[0]!.startsWith("hello-world"))?.[1])
    return Number.isFinite(rps) && rps > 0 ? rps : null
  }
  const hellos = [helloOf(small), helloOf(large)] as const
  const scaled = hellos[0] !== null && hellos[1] !== null
  const lines = GROWING.map((figure) => {
    const [a, b] = [costOf(small, figure), costOf(large, figure)]
    if (a === null || b === null) return `| ${figure.name} | | | | ≤ ${GROWTH_LIMIT} × | not measured at both |`
    const grew = scaled ? (b * hellos[1]!) / (a * hellos[0]!) : b / a
    const shown = (n: number) => (figure.cost === "per request" ? `${Math.round(1 / n)} req/s` : `${n.toFixed(1)} ms`)
    return `| ${figure.name} | ${shown(a)} | ${shown(b)} | ${grew.toFixed(2)} × | ≤ ${GROWTH_LIMIT} × | ${grew <= GROWTH_LIMIT ? "pass" : "**FAIL**"} |`
  })
  const field = (key: string, name: string) => new RegExp(`^- ${name}: (\\S+)`, "m").exec(sections.get(key)!)?.[1] ?? "?"
  const run = (key: string) => `scale ${parseKey(key).scale}: ${field(key, "Date").slice(0, 16).replace("T", " ")}, commit ${field(key, "Commit").slice(0, 7)}`
  const hoursApart = Math.abs(Date.parse(field(large, "Date")) - Date.parse(field(small, "Date"))) / 3_600_000
  // Sessions move to other machines: hello-world scales the server's own speed, not the database's (bench/README.md).
  const apart =
    hoursApart > RUNS_APART_HOURS
      ? ` The runs are ${Math.round(hoursApart)} hours apart, maybe on two machines: a database-bound cost does not scale with hello-world from one machine to another, so only runs back to back tell growth.`
      : ""
  // Where a growth run of the same pair is recorded, it is the judge: these two runs are kept for the record.
  const judged = growthRuns.has(growthRunKey(db, parseKey(small).scale, parseKey(large).scale))
    ? ` A growth run of these two scales is recorded below (${sectionTitle(db)}: scale ${parseKey(small).scale} against scale ${parseKey(large).scale}, in one run, in turn): judge growth by it.`
    : ""
  const basis = scaled
    ? `Cost grew: each cost in its own run's hello-world requests (hello-world ${Math.round(hellos[0]!)} req/s at scale ${parseKey(small).scale}, ${Math.round(hellos[1]!)} at scale ${parseKey(large).scale}).`
    : "Cost grew: as measured (a run without the hello-world baseline cannot be scaled to its machine's speed)."
  return (
    `### ${sectionTitle(db)}: scale ${parseKey(small).scale} against scale ${parseKey(large).scale}\n\n` +
    `Runs: ${run(small)}; ${run(large)}. ${basis}${apart}${judged}\n\n` +
    `| Figure | At scale ${parseKey(small).scale} | At scale ${parseKey(large).scale} | Cost grew | Target | Result |\n|---|---:|---:|---:|---|---|\n${lines.join("\n")}\n`
  )
}

/** A growth run's block in RESULTS.md: one per database and pair of scales. */
export const growthRunKey = (db: string, small: number, large: number) => `${db}@${small}-${large}`

/** A growth run's line in the history of full runs. */
export function growthRunLine(db: string, small: number, large: number, rows: GrowthRow[]): string {
  const missed = rows.filter((r) => !r.pass).map((r) => r.name)
  const when = new Date().toISOString().slice(0, 16).replace("T", " ")
  return `| ${when} | ${git(["rev-parse", "--short", "HEAD"])}${dirtyNote()} | ${db}, scales ${small} and ${large} in turn (growth run) | ${process.version} | ${rows.length - missed.length} of ${rows.length} | ${missed.join("; ") || "none"} |`
}

/**
 * A growth run (bench/growth.ts) as a block of RESULTS.md: the run's header, then each growing figure's median on each side,
 * the cost ratio against issue 31's bound, and every run of both sides in the order they were loaded.
 */
export function growthRunReport(headLines: string, db: string, small: number, large: number, rounds: number, rows: GrowthRow[]): string {
  const shown = (row: GrowthRow, runs: number[]) => {
    const middle = median(runs)
    return row.unit === "req/s" ? `${Math.round(middle)} req/s` : `${middle.toFixed(1)} ms`
  }
  const list = (row: GrowthRow, runs: number[]) => runs.map((n) => (row.unit === "req/s" ? Math.round(n) : n.toFixed(1))).join(", ")
  const lines = rows.map(
    (row) =>
      `| ${row.name} | ${shown(row, row.small)} | ${shown(row, row.large)} | ${row.grew.toFixed(2)} × | ≤ ${GROWTH_LIMIT} × | ${row.pass ? "pass" : "**FAIL**"} | ` +
      `${list(row, row.small)} / ${list(row, row.large)}; ${row.note} |`,
  )
  return (
    `### ${sectionTitle(db)}: scale ${small} against scale ${large}, in one run, in turn\n\n${headLines}\n\n` +
    `Both scales' servers ran at once; each figure was measured on the two in turn, ${rounds} times each (small first in the first and ` +
    `every other round, large first in the rest), and its cost at each scale is the median of its ${rounds} runs (for a load, cost = 1 / req/s).\n\n` +
    `| Figure | At scale ${small} | At scale ${large} | Cost grew | Target | Result | Runs at ${small} / at ${large}, in order; what each measured |\n` +
    `|---|---:|---:|---:|---|---|---|\n${lines.join("\n")}\n`
  )
}
