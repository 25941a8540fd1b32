import type { Pool, PoolClient } from "pg"
import { describe, expect, it } from "vitest"
import { isDatabaseBusy, isDatabaseUnavailable } from "../../server/db/unavailable.ts"
import { queuedPool } from "../../server/db/pool-queue.ts"

/** A pg pool stand-in that hands out numbered clients and counts how many are out. */
function fakePool() {
  const state = { out: 0, most: 0, made: 0 }
  const pool = {
    options: {},
    connect: async () => {
      state.out += 1
      state.most = Math.max(state.most, state.out)
      const client = { n: ++state.made, release: () => void (state.out -= 1) }
      return client as unknown as PoolClient
    },
    end: async () => {},
  }
  return { pool: pool as unknown as Pool, state }
}

describe("waiting for a connection (server/db/pool-queue.ts)", () => {
  it("asks pg's pool only when a connection is free, and serves the waiting in order", async () => {
    const { pool, state } = fakePool()
    const queued = queuedPool(pool, 2, 1_000)
    const [a, b] = await Promise.all([queued.connect(), queued.connect()])
    const order: number[] = []
    const c = queued.connect().then((client) => (order.push(3), client))
    const d = queued.connect().then((client) => (order.push(4), client))
    await new Promise((r) => setTimeout(r, 20))
    expect(order).toEqual([])
    a.release()
    a.release()
    await c
    expect(order).toEqual([3])
    b.release()
    await d
    expect(order).toEqual([3, 4])
    expect(state.most).toBe(2)
  })

  it("gives up after the wait as busy, not gone (503 in words of its own), and a failed open frees its turn", async () => {
    const { pool } = fakePool()
    const queued = queuedPool(pool, 1, 50)
    const held = await queued.connect()
    const error = await queued.connect().catch((e: unknown) => e)
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseBusy(error)).toBe(true)
    expect(isDatabaseBusy(new Error("connect ECONNREFUSED"))).toBe(false)
    held.release()
    const failing = queuedPool({ ...pool, connect: async () => Promise.reject(new Error("connect ECONNREFUSED")) } as unknown as Pool, 1, 50)
    await expect(failing.connect()).rejects.toThrow("ECONNREFUSED")
    await expect(failing.connect()).rejects.toThrow("ECONNREFUSED")
  })

  it("tries a new connection that missed its time again while the wait lasts; a refusal still fails at once", async () => {
    const { pool } = fakePool()
    let attempts = 0
    const slowThenFine = {
      ...pool,
      connect: async () => {
        attempts += 1
        if (attempts <= 2) throw new Error(attempts === 1 ? "timeout exceeded when trying to connect" : "Connection terminated due to connection timeout")
        return pool.connect()
      },
    } as unknown as Pool
    const client = await queuedPool(slowThenFine, 1, 1_000).connect()
    expect(attempts).toBe(3)
    client.release()

    let refused = 0
    const refusing = { ...pool, connect: async () => (refused++, Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"))) } as unknown as Pool
    await expect(queuedPool(refusing, 1, 1_000).connect()).rejects.toThrow("ECONNREFUSED")
    expect(refused).toBe(1)

    let opens = false
    const neverOpensUntilToldTo = {
      ...pool,
      connect: async () => {
        if (opens) return pool.connect()
        await new Promise((r) => setTimeout(r, 10))
        throw new Error("timeout exceeded when trying to connect")
      },
    } as unknown as Pool
    const queued = queuedPool(neverOpensUntilToldTo, 1, 60)
    const started = Date.now()
    const error = await queued.connect().catch((e: unknown) => e)
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(60)
    // The turn was given back: the next request opens at once instead of waiting behind the failed one.
    opens = true
    await expect(queued.connect()).resolves.toBeDefined()
  })

  it("asks a full server (53300, too many clients) again while the wait lasts, and says busy when it ends", async () => {
    const { pool } = fakePool()
    const full = () => Object.assign(new Error("sorry, too many clients already"), { code: "53300" })
    let attempts = 0
    const fullThenFree = { ...pool, connect: async () => (++attempts <= 3 ? Promise.reject(full()) : pool.connect()) } as unknown as Pool
    const client = await queuedPool(fullThenFree, 1, 2_000).connect()
    expect(attempts).toBe(4)
    client.release()

    const alwaysFull = { ...pool, connect: async () => Promise.reject(full()) } as unknown as Pool
    const error = await queuedPool(alwaysFull, 1, 250)
      .connect()
      .catch((e: unknown) => e)
    expect(isDatabaseBusy(error)).toBe(true)
  })
})
