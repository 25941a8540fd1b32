import http from "node:http"
import type { ApiSession } from "./api-session.ts"
import { judge, type Figure } from "./figure.ts"
import { alternate, load, type LoadPlan } from "./load.ts"

/** Streams held open for the live figures (issue 23: "with 1,000 open streams"). */
export const LIVE_STREAMS = 1_000
/**
 * Answers written while the streams listen; each is heard by every stream. A hundred: with 20, each answer was 5 % of
 * the deliveries, so one slow answer could be the p99 by itself. The note tells the answers apart (how long the
 * median and the slowest answer took to reach their last stream).
 */
const WRITES = 100
const ROUNDS = 3

interface OpenStream {
  /** Resolves with the time (performance.now) each `ticket.changed` of `queryId` arrives, in order. */
  arrivals: number[]
  close(): void
}

/** One stream over its own connection, recording when each change of the ticket arrives. */
function openStream(base: string, headers: Record<string, string>, queryId: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = []
    const request = http.get(`${base}/api/v1/live`, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /live answered ${res.statusCode}`))
      res.setEncoding("utf8")
      let buffer = ""
      let opened = false
      res.on("data", (chunk: string) => {
        buffer += chunk
        let cut: number
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          if (!opened && frame.startsWith(": connected")) {
            opened = true
            resolve({ arrivals, close: () => request.destroy() })
          } else if (frame.includes("event: ticket.changed") && frame.includes(queryId)) arrivals.push(performance.now())
        }
      })
    })
    request.on("error", reject)
  })
}

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}

/**
 * The live stream's figures: how long a ticket answer takes to reach 1,000 open streams (from the
 * moment the answer is sent until each stream has its event), and what 1,000 idle streams cost the
 * server's other requests (the cached list page, loaded in turn with and without them).
 */
export async function liveFigures(run: { session: ApiSession; plan: LoadPlan; margin: number; streams?: number }): Promise<Figure[]> {
  const { session, plan, margin } = run
  const count = run.streams ?? LIVE_STREAMS
  const tickets = await session.json<{ data: Array<{ _id: string; status: boolean }> }>("/userQuery/get?page=1&limit=50")
  const open = tickets.data.find((ticket) => !ticket.status)
  if (!open) throw new Error("no open ticket to answer: the seed has none")
  const listUrl = `${session.base}/api/v1/user/Lawyer?page=1&limit=10`

  const streams: OpenStream[] = []
  try {
    // Opened in batches, so the figure measures holding them, not a thousand handshakes at once.
    for (let i = 0; i < count; i += 100) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => openStream(session.base, session.headers, open._id)))))
    }
    const latencies: number[] = []
    /** Per answer, from its send until its last stream had it. */
    const lastArrivals: number[] = []
    for (let write = 0; write < WRITES; write++) {
      const sent = performance.now()
      const res = await fetch(`${session.base}/api/v1/userQuery/addResponse`, {
        method: "POST",
        headers: { ...session.headers, "content-type": "application/json" },
        body: JSON.stringify({ queryId: open._id, answer: `bench live answer ${write}` }),
      })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`addResponse answered ${res.status}`)
      const deadline = Date.now() + 5_000
      while (streams.some((s) => s.arrivals.length <= write) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2))
      const missing = streams.filter((s) => s.arrivals.length <= write).length
      if (missing > 0) throw new Error(`${missing} of ${count} streams did not hear answer ${write} within 5 s`)
      for (const stream of streams) latencies.push(stream.arrivals[write]! - sent)
      lastArrivals.push(Math.max(...streams.map((stream) => stream.arrivals[write]!)) - sent)
    }
    const p50 = percentile(latencies, 50)
    const p99 = percentile(latencies, 99)
    const withStreams = () => load(listUrl, plan, session.headers)
    // The same load with the streams closed, then open again for the next round.
    const withoutStreams = async () => {
      for (const stream of streams.splice(0)) stream.close()
      await new Promise((r) => setTimeout(r, 200))
      const result = await load(listUrl, plan, session.headers)
      for (let i = 0; i < count; i += 100) {
        streams.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => openStream(session.base, session.headers, open._id)))))
      }
      return result
    }
    const [idle, bare] = await alternate(withStreams, withoutStreams, ROUNDS)
    const note = `${count} streams as the Admin, ${WRITES} answers to one ticket, each timed from its send until every stream had its event (${latencies.length} deliveries); to its last stream: median answer ${percentile(lastArrivals, 50).toFixed(1)} ms, slowest ${Math.max(...lastArrivals).toFixed(1)} ms`
    return [
      { name: `Live: answer to ${count} open streams, p50`, value: p50, unit: "ms", note, target: "shown, not judged", limit: 0, better: "lower", pass: true },
      judge(
        { name: `Live: answer to ${count} open streams, p99`, value: p99, unit: "ms", note },
        { target: "p99 ≤ 100 ms", limit: 100, better: "lower" },
        margin,
      ),
      judge(
        {
          name: `Live: list throughput with ${count} idle streams`,
          rps: idle.rps,
          p50: idle.p50,
          p99: idle.p99,
          value: idle.rps / bare.rps,
          unit: "× without streams",
          note: `cached Lawyer list page 1, ${ROUNDS} runs with the streams open in turn with ${ROUNDS} without (${Math.round(bare.rps)} req/s without)`,
          errors: idle.errors + bare.errors,
          ci: true,
        },
        { target: "≥ 0.9 × without", limit: 0.9, better: "higher" },
        margin,
      ),
    ]
  } finally {
    for (const stream of streams) stream.close()
  }
}
