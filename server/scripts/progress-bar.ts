/**
 * One progress bar per table on a terminal (redrawn in place), one line per batch otherwise, so a
 * log file shows the progress too.
 */
export function progressBar(out: NodeJS.WriteStream, width = 30): (table: string, done: number, total: number) => void {
  let started = Date.now()
  let current = ""
  return (table, done, total) => {
    if (table !== current) {
      current = table
      started = Date.now()
    }
    const fraction = total === 0 ? 1 : done / total
    const filled = Math.round(fraction * width)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const line = `${table.padEnd(34)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done.toLocaleString("en")}/${total.toLocaleString("en")} ${seconds}s`
    if (out.isTTY) out.write(`\r${line}${done === total ? "\n" : ""}`)
    else out.write(`${line}\n`)
  }
}
