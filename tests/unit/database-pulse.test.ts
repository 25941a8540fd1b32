import { describe, expect, it } from "vitest"
import { databasePulse } from "../../server/db/database-pulse.ts"
import { flush } from "./flush.ts"

/**
 * /readyz counts only an answer given after its probe began: a database that answered a moment before it
 * went away must not be reported ready (tests/ops/dependency-faults.test.ts saw one 200 during an outage
 * when a recent answer stood in for the probe).
 */
describe("database pulse", () => {
  const settled = async (promise: Promise<void>) => {
    let done = false
    void promise.then(() => (done = true))
    await flush()
    return done
  }

  it("an answer given before the wait began does not count", async () => {
    const pulse = databasePulse()
    pulse.record("answered")
    expect(await settled(pulse.nextAnswer())).toBe(false)
  })

  it("the next answer settles every waiting probe; a failure settles none", async () => {
    const pulse = databasePulse()
    const first = pulse.nextAnswer()
    const second = pulse.nextAnswer()
    pulse.record(new Error("Connection terminated unexpectedly"))
    expect(await settled(first)).toBe(false)
    pulse.record("answered")
    expect(await settled(first)).toBe(true)
    expect(await settled(second)).toBe(true)
  })
})
