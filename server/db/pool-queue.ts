import type { Pool, PoolClient } from "pg"
import { DatabaseBusyError } from "./unavailable.ts"

/** pg's words for a new connection that did not open within its time (the pool's wait, or the client's own). */
const SLOW_OPEN = /timeout exceeded when trying to connect|Connection terminated due to connection timeout/
const isSlowOpen = (error: unknown) => error instanceof Error && SLOW_OPEN.test(error.message)
/** PostgreSQL's "too many clients already" (53300): every connection the server allows is taken, by others too. */
const isServerFull = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "53300"
const RETRY_PAUSE_MS = 50
/** A full server frees a connection when some other client's request ends: looked at again a little later. */
const FULL_PAUSE_MS = 100

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
 * unreachable database still fails at once). A wait that runs out is a DatabaseBusyError: 503 like every
 * other "no connection", in words that say the service is busy rather than its database gone (unavailable.ts).
 *
 * A new connection that misses its 800 ms is tried again while the request's wait lasts: on a machine whose
 * cores are all busy (a test suite's two workers and a browser, say) opening one can take longer, and a
 * server that answered the first sign-in of its life with 503 had a database that was only slow to greet it.
 * A server whose every allowed connection is taken (53300, by other clients too: other instances, a backup) is
 * busy, not gone: it is asked again while the wait lasts, and when the wait ends the request is answered busy.
 * A database that refuses, or is not there, still fails at once; one that never answers fails when the wait ends.
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
        reject(new DatabaseBusyError())
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
      const deadline = Date.now() + waitMs
      await take()
      let client: PoolClient
      for (;;) {
        try {
          client = await pool.connect()
          break
        } catch (error) {
          if ((isSlowOpen(error) || isServerFull(error)) && Date.now() < deadline) {
            // pg takes its 800 ms before saying it was slow; the pause only keeps an instant refusal in these words
            // from spinning. A full server says so at once: the pause gives other clients time to finish.
            await new Promise((resolve) => setTimeout(resolve, isServerFull(error) ? FULL_PAUSE_MS : RETRY_PAUSE_MS))
            continue
          }
          give()
          throw error
        }
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
