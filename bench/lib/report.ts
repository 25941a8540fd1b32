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

/** Machine, date and commit, so a figure can be compared with another run's. */
export function header(info: RunInfo): string {
  const cpu = cpus()
  const commit = (args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim()
  const dirty = commit(["status", "--porcelain", "--untracked-files=no"]) ? " (with uncommitted changes)" : ""
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${commit(["rev-parse", "HEAD"])}${dirty}`,
    `- Machine: ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}`,
    `- Load average when the report was written (other work on the machine): ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
    `- Database: ${info.db}; data: ${info.data}`,
    `- Load: ${info.load}${info.margin !== 1 ? `; CI margin ×${info.margin} on every target` : ""}`,
  ].join("\n")
}
