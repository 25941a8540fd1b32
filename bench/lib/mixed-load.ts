import { Agent, request } from "node:http"

/** One request of a mixed load's sequence; `write` ones are timed apart from the reads. */
export interface MixedRequest {
  kind: "read" | "write"
  method: "GET" | "POST" | "PATCH"
  /** Under /api/v1, unless it is the instrumented server's own (`/__bench/…`). */
  path: string
  body?: unknown
  /** The body made as the request is sent (a write that follows its row's state), in place of `body`. */
  bodyOf?: () => unknown
  /** The kind of write it is, counted apart in the load's `tallies`. */
  tally?: string
  /** What the answer must be; anything else is counted as unexpected and fails the figure. */
  status: readonly number[]
}

export interface KindLoad {
  count: number
  p50: number
  p99: number
}

export interface MixedLoad {
  read: KindLoad
  write: KindLoad
  /** Answers with a status the request did not expect, or no answer at all. */
  failed: number
  /** Requests sent of each `tally`. */
  tallies: Record<string, number>
}

/**
 * A closed loop of `connections` clients, client `c` sending `sequenceOf(c)` over and over for `seconds`,
 * timing reads and writes apart (autocannon merges the latencies of a sequence's requests). The same
 * client loads the read-only sequence that a figure compares with, so its own cost cancels out of the ratio.
 */
export async function mixedLoad(
  base: string,
  headers: Record<string, string>,
  sequenceOf: (client: number) => readonly MixedRequest[],
  connections: number,
  seconds: number,
  /** Each client starts at its own place in its sequence (spreading the writes over time), or at its first request. */
  { spread = true }: { spread?: boolean } = {},
): Promise<MixedLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const url = new URL(base)
  const times: Record<MixedRequest["kind"], number[]> = { read: [], write: [] }
  let failed = 0
  const tallies: Record<string, number> = {}
  const until = performance.now() + seconds * 1000
  const send = (one: MixedRequest) =>
    new Promise<number>((resolve, reject) => {
      const sent = one.bodyOf ? one.bodyOf() : one.body
      const body = sent === undefined ? undefined : JSON.stringify(sent)
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: one.method,
          path: one.path.startsWith("/__bench/") ? one.path : `/api/v1${one.path}`,
          headers: { ...headers, ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}) },
        },
        (res) => {
          res.resume()
          res.on("end", () => resolve(res.statusCode ?? 0))
          res.on("error", reject)
        },
      )
      req.on("error", reject)
      req.end(body)
    })
  const loop = async (client: number) => {
    const sequence = sequenceOf(client)
    // Each client starts at its own place in the sequence, so the writes are spread over time.
    for (let i = spread ? Math.floor((client * sequence.length) / connections) : 0; performance.now() < until; i++) {
      const one = sequence[i % sequence.length]!
      const started = performance.now()
      const status = await send(one).catch(() => 0)
      times[one.kind].push(performance.now() - started)
      if (one.tally) tallies[one.tally] = (tallies[one.tally] ?? 0) + 1
      if (!one.status.includes(status)) failed++
    }
  }
  await Promise.all(Array.from({ length: connections }, (_, client) => loop(client)))
  agent.destroy()
  return { read: summary(times.read), write: summary(times.write), failed, tallies }
}

function summary(times: number[]): KindLoad {
  const sorted = times.sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) }
}
