import type { FastifyInstance } from "fastify"
import { watchLoopDelay } from "../services/ops/event-loop-delay.ts"

/**
 * `/metrics` for operators, in Prometheus' text format, outside /api/v1 like the probes: how long the
 * event loop was held (every request waits behind a blocked loop, so this is the figure behind "no
 * request may hold the server") and the process's memory. Nothing here is personal.
 * The delay's quantiles cover the time since the previous scrape (a scraper every 15 s sees the last
 * 15 s; a start's one-off work does not hide in a lifetime's figures); its maximum, the process's life.
 */
export function registerMetrics(app: FastifyInstance): void {
  const sinceScrape = watchLoopDelay()
  const sinceStart = watchLoopDelay()
  app.addHook("onClose", (_instance, done) => {
    sinceScrape.disable()
    sinceStart.disable()
    done()
  })
  const seconds = (ms: number) => (ms / 1000).toFixed(6)
  app.get("/metrics", { logLevel: "warn" }, async (_request, reply) => {
    const memory = process.memoryUsage()
    const lines = [
      "# HELP console_event_loop_delay_seconds How late the event loop ran a 10 ms timer, since the previous scrape.",
      "# TYPE console_event_loop_delay_seconds summary",
      ...[0.5, 0.9, 0.99].map((q) => `console_event_loop_delay_seconds{quantile="${q}"} ${seconds(sinceScrape.quantileMs(q))}`),
      `console_event_loop_delay_seconds_count ${sinceScrape.count()}`,
      "# HELP console_event_loop_delay_max_seconds The longest the event loop was held since the process started.",
      "# TYPE console_event_loop_delay_max_seconds gauge",
      `console_event_loop_delay_max_seconds ${seconds(sinceStart.maxMs())}`,
      "# HELP process_resident_memory_bytes Resident memory.",
      "# TYPE process_resident_memory_bytes gauge",
      `process_resident_memory_bytes ${memory.rss}`,
      "# HELP process_heap_used_bytes V8 heap in use.",
      "# TYPE process_heap_used_bytes gauge",
      `process_heap_used_bytes ${memory.heapUsed}`,
      "",
    ]
    sinceScrape.reset()
    return reply.type("text/plain; version=0.0.4; charset=utf-8").header("cache-control", "no-store").send(lines.join("\n"))
  })
}
