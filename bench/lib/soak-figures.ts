import type { ProcessReading } from "../../server/plugins/bench-instrument.ts"
import { mixedClients, mixedSequence, writesByKind } from "./api-workload.ts"
import type { ApiSession } from "./api-session.ts"
import { judge, type Figure } from "./figure.ts"
import { mixedLoad } from "./mixed-load.ts"

export interface SoakRun {
  session: ApiSession
  connections: number
  seconds: number
  /** 1 for the full run; larger loosens the memory ratio's target (CI on a noisy machine). */
  margin: number
  log: (line: string) => void
}

/** Readings of the server over the soak, evenly spaced; memory is compared between the fifth (minute 2 of 10) and the last. */
const SAMPLES = 20

/** Open tickets each client polls and answers in turn, its own: one thread answered all soak long would measure that thread's growth. */
const TICKETS_PER_CLIENT = 20

/** The medians of this many readings, ending at minute 2 and at the end, are compared: one reading lands wherever a GC left the heap. */
const MEDIAN_OF = 3

/**
 * Issue 31's soak: the mixed workload for `seconds` (ten minutes in a full run) against the running server, each
 * client sending, per own ticket in turn, 18 reads (the Lawyers' list page 1, the dashboard's calls, the sessions'
 * list page 1), a poll of that ticket's chat and one write (an answer to that ticket, a status change of the
 * client's vendor or an edit of its session, in turn; api-workload.ts): 95 % reads, 5 % writes. Meanwhile the server is
 * read from inside (`GET /__bench/process`): resident memory every twentieth of the run, and the event loop's delay
 * from minute 2 (a fifth in) to the end. Figures: answers that failed (none allowed), resident memory at the end over
 * minute 2 (a leak grows it; at most 1.1×), the loop delay's p99 (at most 20 ms; an absolute time, so judged by the
 * full run and printed in CI). The peak memory goes in the note.
 */
export async function soakFigures(run: SoakRun): Promise<Figure[]> {
  const session = await run.session.again()
  const clients = await mixedClients(session, run.connections, TICKETS_PER_CLIENT)
  const tickets = clients.reduce((sum, c) => sum + c.tickets.length, 0)

  const processReading = async (reset: boolean) => (await (await fetch(`${session.base}/__bench/process${reset ? "?reset" : ""}`)).json()) as ProcessReading
  const readings: ProcessReading[] = []
  const warmUpEnds = SAMPLES / 5
  const started = performance.now()
  const interval = (run.seconds * 1000) / SAMPLES
  const sampler = (async () => {
    for (let i = 1; i <= SAMPLES; i++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * interval - performance.now())))
      // The loop's delay is measured from minute 2: the window restarts at the warm-up's last reading.
      readings.push(await processReading(i === warmUpEnds))
      if (i % warmUpEnds === 0) run.log(`soak: ${Math.round((i * interval) / 1000)} of ${run.seconds} s, resident ${mb(readings.at(-1)!.rss)} MB`)
    }
  })()
  const loaded = await mixedLoad(session.base, session.headers, (client) => mixedSequence(clients[client]!, true), run.connections, run.seconds)
  await sampler

  const medianRss = (upTo: number) =>
    readings
      .slice(upTo - MEDIAN_OF, upTo)
      .map((r) => r.rss)
      .sort((a, b) => a - b)[Math.floor(MEDIAN_OF / 2)]!
  const atWarmUp = medianRss(warmUpEnds)
  const atEnd = medianRss(SAMPLES)
  const peak = Math.max(...readings.map((r) => r.rss))
  const last = readings.at(-1)!
  const load = `${run.connections} clients, ${loaded.read.count + loaded.write.count} answers in ${run.seconds} s (${loaded.write.count} writes: ${writesByKind(loaded.tallies)}, to ${tickets} tickets and a vendor and a session per client; read p99 ${loaded.read.p99.toFixed(1)} ms, write p99 ${loaded.write.p99.toFixed(1)} ms)`
  return [
    judge(
      { name: "Soak: answers that failed", value: loaded.failed, unit: "answers", note: load, ci: true },
      { target: "0 errors", limit: 0, better: "lower" },
    ),
    judge(
      {
        name: "Soak: resident memory at the end vs a fifth in",
        value: atEnd / atWarmUp,
        unit: "× a fifth in",
        note: `${mb(atWarmUp)} MB a fifth in, ${mb(atEnd)} MB at the end (medians of ${MEDIAN_OF} of ${SAMPLES} readings), peak ${mb(peak)} MB; heap ${mb(last.heapUsed)} MB at the end`,
        ci: true,
      },
      { target: "≤ 1.1 × minute 2 (no leak)", limit: 1.1, better: "lower" },
      run.margin,
    ),
    judge(
      {
        name: "Soak: event-loop delay p99",
        value: last.loopDelayP99,
        unit: "ms",
        note: `how late the server's 10 ms timer ran (monitorEventLoopDelay beyond its interval), from a fifth in to the end; max ${last.loopDelayMax.toFixed(1)} ms`,
      },
      { target: "p99 ≤ 20 ms", limit: 20, better: "lower" },
    ),
  ]
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0)
