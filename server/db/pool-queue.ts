import type { Pool, PoolClient } from "pg"

/** The part of a pool Kysely uses. */
export interface QueuedPool {
  connect(): Promise<PoolClient>
  end(): Promise<void>
  options: object
}

/**
 * pg's pool gives a request waiting for a free connection the same short time (800 ms) it gives a new
 * connection to open, so a burst of writes behind one row lock (100 status changes of one vendor at once)
 * waited longer than that for its turn and was answered 503 though the database was fine. Requests now
 * wait for a connection here, in order, for up to `waitMs`; pg's pool is asked only when one of its `max`
 * connections is free or may be opened, so its own short bound applies to opening a connection alone (an
 * unreachable database still fails at once). A wait that runs out is reported in pg's words, so it is
 * answered 503 like every other "no connection" (unavailable.ts).
 */
export function queuedPool(pool: Pool, max: number, waitMs: number): QueuedPool {
  let inUse = 0
  const waiting: Array<() => void> = []

  const take = () =>
    new Promise<void>((resolve, reject) => {
      if (inUse < max) {
        inUse += 1
        return resolve()
      }
      const turn = () => {
        clearTimeout(timer)
        inUse += 1
        resolve()
      }
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1)
        reject(new Error("timeout exceeded when trying to connect (every connection stayed busy)"))
      }, waitMs)
      waiting.push(turn)
    })

  const give = () => {
    inUse -= 1
    waiting.shift()?.()
  }

  return {
    options: pool.options,
    async connect() {
      await take()
      let client: PoolClient
      try {
        client = await pool.connect()
      } catch (error) {
        give()
        throw error
      }
      // pg sets release anew on every checkout; the slot is given back once, however often it is called.
      const release = client.release.bind(client)
      let given = false
      client.release = (destroy?: boolean | Error) => {
        if (!given) {
          given = true
          give()
        }
        return release(destroy)
      }
      return client
    },
    end: () => pool.end(),
  }
}
