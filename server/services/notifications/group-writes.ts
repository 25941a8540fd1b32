/**
 * Writes of ids taken together while one is being written (a group commit): the first goes at once; those that
 * come while it is on its way wait for it and then go as one, each caller answered by its own group's write. The
 * postman's "sent" marks: under a burst of requests, each with its mail, one statement marks many rows, where
 * one per request held the server's one thread a round trip each.
 */
export function groupWrites(write: (ids: string[]) => Promise<void>): (ids: readonly string[]) => Promise<void> {
  let busy = false
  let waiting: { ids: string[]; promise: Promise<void>; settle: (written: Promise<void>) => void } | null = null

  const run = (ids: string[]): Promise<void> => {
    busy = true
    const written = write(ids)
    void written
      .catch(() => {})
      .finally(() => {
        busy = false
        const next = waiting
        waiting = null
        if (next) next.settle(run(next.ids))
      })
    return written
  }

  return (ids) => {
    if (ids.length === 0) return Promise.resolve()
    if (!busy) return run([...ids])
    if (!waiting) {
      let settle!: (written: Promise<void>) => void
      const promise = new Promise<void>((resolve, reject) => {
        settle = (written) => written.then(resolve, reject)
      })
      waiting = { ids: [], promise, settle }
    }
    waiting.ids.push(...ids)
    return waiting.promise
  }
}
