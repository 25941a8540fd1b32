/**
 * A progress bar for long scripts (seeding, backup, restore, imports). On a terminal it redraws one
 * line in place (`Restoring [#########-----------]  45%  9/20 tickets`), at most ten times a second;
 * when the output is a pipe or a log file it prints plain lines instead, one per tenth of the work
 * (and one whenever the label changes), so logs stay short and readable. Writes to stderr by
 * default, leaving stdout to the script's result.
 */
export interface ProgressOutput {
  write(text: string): unknown
  isTTY?: boolean
  columns?: number
}

export interface ProgressBar {
  /** `done` of `total` units; total may be unknown (0), then only the count is shown. */
  update(done: number, total: number, label?: string): void
  /** Ends the bar: the line is completed and a final message printed when given. */
  finish(message?: string): void
}

const BAR_WIDTH = 24
const REDRAW_MS = 100

export function formatProgress(title: string, done: number, total: number, label = "", width = BAR_WIDTH): string {
  const tail = label ? ` ${label}` : ""
  if (total <= 0) return `${title} ${done}${tail}`
  const ratio = Math.min(1, Math.max(0, done / total))
  const filled = Math.round(ratio * width)
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4)
  return `${title} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${percent}  ${done}/${total}${tail}`
}

export function progressBar(title: string, options: { output?: ProgressOutput; now?: () => number } = {}): ProgressBar {
  const output = options.output ?? process.stderr
  const now = options.now ?? Date.now
  const tty = output.isTTY === true
  let lastDraw = -Infinity
  let lastStep = -1
  let lastLabel: string | undefined
  let current = { done: 0, total: 0, label: "" }
  let drawn = false

  const draw = () => {
    const columns = output.columns ?? 100
    const text = formatProgress(title, current.done, current.total, current.label).slice(0, Math.max(20, columns - 1))
    output.write(`\r\x1b[2K${text}`)
    drawn = true
    lastDraw = now()
  }

  return {
    update(done, total, label = "") {
      current = { done, total, label }
      if (tty) {
        if (now() - lastDraw >= REDRAW_MS || done >= total) draw()
        return
      }
      // Plain output: a line per tenth of the work, or when the step being worked on changes.
      const step = total > 0 ? Math.floor((Math.min(done, total) / total) * 10) : done
      if (step !== lastStep || label !== lastLabel) {
        output.write(`${formatProgress(title, done, total, label)}\n`)
        lastStep = step
        lastLabel = label
      }
    },
    finish(message) {
      if (tty) {
        if (!drawn || current.done < current.total) draw()
        output.write("\n")
      }
      if (message) output.write(`${message}\n`)
    },
  }
}
