import { Schema } from "effect"
import * as api from "./contract/endpoints/live.endpoints.ts"
import { LiveEvent } from "./contract/live.ts"
import { openEventStream } from "./client.ts"

export type LiveStatus = "up" | "down"

export interface LiveListener {
  onEvent(event: LiveEvent): void
  onStatus(status: LiveStatus): void
}

const decodeEvent = Schema.decodeUnknownOption(LiveEvent)
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000

const listeners = new Set<LiveListener>()
let status: LiveStatus = "down"
let running: AbortController | null = null

const setStatus = (next: LiveStatus) => {
  if (next === status) return
  status = next
  for (const listener of listeners) listener.onStatus(next)
}

/**
 * The tab's one live stream (issue 23), open while some screen listens: every listener hears each
 * event and whether the stream is up. The stream is opened again after it ends (the server ends it
 * every 10 minutes, or when it stops), waiting longer after each failure, up to 30 s.
 */
export function watchLive(listener: LiveListener): () => void {
  listeners.add(listener)
  listener.onStatus(status)
  if (!running) {
    running = new AbortController()
    void keepOpen(running.signal)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && running) {
      running.abort()
      running = null
      setStatus("down")
    }
  }
}

async function keepOpen(signal: AbortSignal): Promise<void> {
  let wait = FIRST_RETRY_MS
  while (!signal.aborted) {
    try {
      const body = await openEventStream(api.liveEvents, signal)
      setStatus("up")
      wait = FIRST_RETRY_MS
      await readEvents(body, (event) => {
        for (const listener of listeners) listener.onEvent(event)
      })
    } catch {
      // refused, unreachable or cut: try again after a wait
    }
    if (signal.aborted) return
    setStatus("down")
    await new Promise((resolve) => setTimeout(resolve, wait))
    wait = Math.min(wait * 2, MAX_RETRY_MS)
  }
}

/** Reads `event:`/`data:` frames until the stream ends; a frame the contract does not know is skipped. */
async function readEvents(body: ReadableStream<Uint8Array>, deliver: (event: LiveEvent) => void): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    let cut: number
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      const data = frame
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n")
      if (!data) continue
      let parsed: unknown
      try {
        parsed = JSON.parse(data)
      } catch {
        continue
      }
      const event = decodeEvent(parsed)
      if (event._tag === "Some") deliver(event.value)
    }
  }
}
