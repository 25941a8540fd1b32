import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { playedLiveStream } from "./played-live-stream.ts"
import { createPagedListMachine, liveListListener } from "../../src/machines/paged-list.machine.ts"

// The tab's live stream, played by the test: each list's listener is kept to hear what the test sends.
const { listeners, watch } = playedLiveStream()

function start(live: "vendors" | undefined) {
  const fetchPage = vi.fn(async () => ({ rows: [1], total: 1 }))
  const machine = createPagedListMachine<number>({
    id: "list",
    failureMessage: "failed",
    fetchPage: async () => ({ rows: [], total: 0 }),
    ...(live ? { live } : {}),
  }).provide({
    actors: { fetchPage: fromPromise(fetchPage), watchLiveList: liveListListener(watch) },
  })
  return { actor: createActor(machine, { input: {} }).start(), fetchPage }
}

describe("a paged list with a live list (issue 23)", () => {
  it("reads its page again when the stream says its list changed, and not for another list", async () => {
    const { actor, fetchPage } = start("vendors")
    await waitFor(actor, (s) => s.matches("ready"))
    expect(fetchPage).toHaveBeenCalledTimes(1)
    for (const listener of listeners) listener.onEvent({ type: "list.changed", list: "enquiries" })
    expect(fetchPage).toHaveBeenCalledTimes(1)
    for (const listener of listeners) listener.onEvent({ type: "list.changed", list: "vendors" })
    await waitFor(actor, (s) => s.matches("ready") && fetchPage.mock.calls.length === 2)
    actor.stop()
    expect(listeners).toHaveLength(0)
  })

  it("does not listen without one", async () => {
    const { actor } = start(undefined)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(listeners).toHaveLength(0)
    actor.stop()
  })
})
