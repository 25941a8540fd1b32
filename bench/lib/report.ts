import { execFileSync } from "node:child_process"
import { cpus, loadavg, totalmem } from "node:os"
import type { Figure } from "./figure.ts"

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

/** One line of RESULTS.md's history of full runs: when, which code and Node, and which figures missed. */
export function historyLine(db: string, figures: Figure[]): string {
  const missed = figures.filter((f) => !f.pass).map((f) => f.name)
  const when = new Date().toISOString().slice(0, 16).replace("T", " ")
  return `| ${when} | ${git(["rev-parse", "--short", "HEAD"])}${dirtyNote()} | ${db} | ${process.version} | ${figures.length - missed.length} of ${figures.length} | ${missed.join("; ") || "none"} |`
}

const TITLE = "# Benchmark results\n\nLatest full run of `npm run bench` per database (see bench/README.md for what each figure means).\n"

/**
 * RESULTS.md keeps one section per database, which a run replaces, and a history with a line per full run, which
 * a run extends; what follows them (the free-slot figures, written by hand) is kept as it is.
 */
export function withSection(previous: string, db: string, report: string, line: string): string {
  const sections = new Map<string, string>()
  for (const m of previous.matchAll(/<!-- db:(\w+) -->\n([\s\S]*?)<!-- \/db -->/g)) sections.set(m[1]!, m[2]!)
  sections.set(db, `## ${db === "embedded" ? "Embedded database (PGlite)" : "PostgreSQL"}\n\n${report}`)
  const order = ["embedded", "postgres"].filter((k) => sections.has(k))
  const history = /<!-- history -->\n([\s\S]*?)<!-- \/history -->\n/.exec(previous)?.[1] ?? HISTORY_HEAD
  const lastSection = Math.max(previous.lastIndexOf("<!-- /db -->\n"), previous.lastIndexOf("<!-- /history -->\n"))
  const rest = lastSection < 0 ? "" : previous.slice(previous.indexOf("\n", lastSection) + 1)
  return `${TITLE}\n${order.map((k) => `<!-- db:${k} -->\n${sections.get(k)}<!-- /db -->\n`).join("\n")}\n<!-- history -->\n${history}${line}\n<!-- /history -->\n${rest}`
}
const HISTORY_HEAD = "## Every full run\n\n| Date | Commit | Database | Node | Met | Missed |\n|---|---|---|---|---|---|\n"
