import type { Role } from "../../../src/api/contract/common.ts"
import type { ListChanged, LiveEvent } from "../../../src/api/contract/live.ts"

/** Who hears an event: these people, and everyone signed in with one of these roles. */
export interface Audience {
  users?: readonly string[]
  roles?: readonly Role[]
}

export interface Listener {
  userId: string
  role: Role
  /** Gets the event as one server-sent message, made once for all the streams that hear it. */
  send(frame: string): void
}

/** An event as one message of a text/event-stream. */
export const sseFrame = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`

/**
 * How events reach every instance: in this process alone, or through Redis pub/sub when several
 * instances share the database (live-bus.ts). `deliver` is called for each message, this instance's own included.
 */
export interface LiveBus {
  publish(message: string): void
  onMessage(deliver: (message: string) => void): void
  close(): Promise<void>
}

export interface LiveHub {
  /** Pushes `event` to every open stream of the audience, on every instance. Never throws, never waits. */
  publish(audience: Audience, event: LiveEvent): void
  /** Adds a stream; answers how to remove it. */
  subscribe(listener: Listener): () => void
  /** Open streams on this instance. */
  readonly size: number
  /** Ends every stream (the server is stopping): each listener's `end` is called. */
  endAll(): void
  onEnd(end: () => void): () => void
  close(): Promise<void>
}

interface Envelope {
  audience: Audience
  event: LiveEvent
}

/** The streams open on this instance, and the bus that brings every instance's events to them. */
export function liveHub(bus: LiveBus = localBus()): LiveHub {
  const listeners = new Set<Listener>()
  const enders = new Set<() => void>()
  bus.onMessage((message) => {
    let envelope: Envelope
    try {
      envelope = JSON.parse(message) as Envelope
    } catch {
      return
    }
    const users = new Set(envelope.audience.users ?? [])
    const roles = new Set<string>(envelope.audience.roles ?? [])
    let frame: string | undefined
    for (const listener of listeners) {
      if (users.has(listener.userId) || roles.has(listener.role)) listener.send((frame ??= sseFrame(envelope.event)))
    }
  })
  return {
    publish(audience, event) {
      bus.publish(JSON.stringify({ audience, event } satisfies Envelope))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get size() {
      return listeners.size
    },
    endAll() {
      for (const end of [...enders]) end()
    },
    onEnd(end) {
      enders.add(end)
      return () => enders.delete(end)
    },
    close: () => bus.close(),
  }
}

/** One instance: a message goes straight to this process's streams (on the next tick, as over a network). */
export function localBus(): LiveBus {
  const handlers: Array<(message: string) => void> = []
  return {
    publish(message) {
      queueMicrotask(() => {
        for (const handler of handlers) handler(message)
      })
    },
    onMessage(deliver) {
      handlers.push(deliver)
    },
    close: async () => {},
  }
}

/** Runs a write, then tells the Admins' open screens that `list` changed (only once the write succeeded). */
export async function announcingList<T>(live: LiveHub, list: ListChanged["list"], write: () => Promise<T>): Promise<T> {
  const answer = await write()
  live.publish({ roles: ["Admin"] }, { type: "list.changed", list })
  return answer
}
