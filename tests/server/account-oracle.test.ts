import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { hashPassword } from "../../server/services/auth/passwords.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { partnerForm } from "./partner-form.ts"

/**
 * Issue 30: no call tells whether an email has an account, by its answer or by its time. For each call,
 * 30 or more requests about emails with an account and as many about emails without one, in pairs sent one
 * after the other, each from an address of its own (so no limit is reached). Each pair's two times are
 * compared, since the two share whatever else the machine is doing at that moment (the suite's other worker
 * starts databases and processes beside this file); the median of the pairs' ratios must be within 0.8 to 1.25.
 */
const SAMPLES = 30
let server: TestServer
const known: string[] = []
beforeAll(async () => {
  server = await startTestServer({ seed: false })
  const passwordHash = await hashPassword("Owner-pass-123")
  for (let i = 0; i < SAMPLES; i++) {
    const email = `owner${i}@example.com`
    await insertUser(server.db, { name: `Owner ${i}`, email, role: "User", status: "Approve", password_hash: passwordHash })
    known.push(email)
  }
}, 60_000)
afterAll(() => server.close())

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2
}

async function compare(send: (email: string, address: string) => Promise<{ statusCode: number; body: string }>, pairs = SAMPLES) {
  const times = { known: [] as number[], unknown: [] as number[] }
  const answers = { known: new Set<string>(), unknown: new Set<string>() }
  const pairRatios: number[] = []
  for (let i = 0; i < pairs; i++) {
    const pair = { known: 0, unknown: 0 }
    // Which of the two goes first alternates, so neither always meets a warmer or a colder machine.
    for (const kind of i % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
      const email = kind === "known" ? known[i % SAMPLES]! : `stranger${i}-${Date.now()}@example.com`
      const started = performance.now()
      const res = await send(email, `10.${kind === "known" ? 60 : 61}.${i}.${Math.floor(Math.random() * 250)}`)
      pair[kind] = performance.now() - started
      times[kind].push(pair[kind])
      // The answer without the parts that differ on every call (a sign-up's id).
      answers[kind].add(`${res.statusCode} ${res.body.replace(/"_id":"[^"]+"/, "")}`)
    }
    pairRatios.push(pair.known / pair.unknown)
  }
  return { ratio: median(pairRatios), answers, medians: { known: median(times.known), unknown: median(times.unknown) } }
}

/** The newest queued mail's place in the outbox. */
const lastQueued = async () => Number((await server.db.selectFrom("outbox").select("seq").orderBy("seq", "desc").limit(1).executeTakeFirst())?.seq ?? 0)

/** The recipients of the mails queued after `seq`, in order. */
const queuedSince = async (seq: number) =>
  (await server.db.selectFrom("outbox").select("recipient").where("seq", ">", String(seq)).orderBy("seq").execute()).map((row) => row.recipient)

/**
 * The mails queued after `seq` once the requests' work is over: an answer leaves on time (constant-time.ts)
 * even when its work is still running on a busy machine, so the outbox is read until it stops growing.
 */
async function queuedOnceSettled(seq: number): Promise<string[]> {
  let seen = await queuedSince(seq)
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = await queuedSince(seq)
    if (now.length === seen.length) return now
    seen = now
  }
}

describe("no account oracle", () => {
  it("sign-in: a wrong password for a known email costs what an unknown email costs, with the same answer", async () => {
    // A sign-in answers in some 25 ms, where one stall of a busy machine weighs most: three times the pairs (each
    // known account fails 3 times, under its limit of 10), still under 5 s.
    const { ratio, answers, medians } = await compare(
      (email, address) =>
        server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password: "not-the-password" }, remoteAddress: address }),
      3 * SAMPLES,
    )
    console.log(
      `[oracle] sign-in medians: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms, median of the pairs' ratios ${ratio.toFixed(2)}`,
    )
    expect([...answers.known]).toEqual([...answers.unknown])
    expect(ratio).toBeGreaterThanOrEqual(0.8)
    expect(ratio).toBeLessThanOrEqual(1.25)
  })

  it("reset link: the same answer in the same time, and a mail only for the known email", async () => {
    const { ratio, answers, medians } = await compare((email, address) =>
      server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email }, remoteAddress: address }),
    )
    console.log(
      `[oracle] reset-link medians: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms, median of the pairs' ratios ${ratio.toFixed(2)}`,
    )
    expect([...answers.known]).toEqual([...answers.unknown])
    expect(ratio).toBeGreaterThanOrEqual(0.8)
    expect(ratio).toBeLessThanOrEqual(1.25)
    expect(server.outbox().filter((m) => m.raw.includes("Subject: Reset your password"))).toHaveLength(SAMPLES)
  })

  it("partner sign-up: an email with an account is answered as a new one, in the same time", async () => {
    const { ratio, answers, medians } = await compare(async (email, address) => {
      const form = await partnerForm(email)
      return server.app.inject({ method: "POST", url: "/api/v1/user/partnerSignup", payload: form.payload, headers: form.headers, remoteAddress: address })
    })
    console.log(
      `[oracle] sign-up medians: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms, median of the pairs' ratios ${ratio.toFixed(2)}`,
    )
    expect([...answers.known]).toEqual([...answers.unknown])
    expect(ratio).toBeGreaterThanOrEqual(0.8)
    expect(ratio).toBeLessThanOrEqual(1.25)
  }, 60_000)

  it("mails at most 3 reset links per email an hour and says the same thing after", async () => {
    const flood = (email: string, network: number, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          server.app
            .inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email }, remoteAddress: `10.${network}.0.${i}` })
            .then((res) => `${res.statusCode} ${res.body}`),
        ),
      )
    const answers = new Set(await flood("flooded@example.com", 62, 30))
    await insertUser(server.db, {
      name: "Flooded",
      email: "flooded2@example.com",
      role: "User",
      status: "Approve",
      password_hash: await hashPassword("Owner-pass-123"),
    })
    const before = await lastQueued()
    for (const answer of await flood("flooded2@example.com", 63, 30)) answers.add(answer)
    // Counted where the request queues them (in its own transaction), then as they are delivered.
    expect(await queuedOnceSettled(before)).toEqual(["flooded2@example.com", "flooded2@example.com", "flooded2@example.com"])
    await expect.poll(() => server.outbox().filter((mail) => mail.to.includes("flooded2@example.com")).length).toBe(3)
    expect(answers.size).toBe(1)
    // And at most 10 an hour from one address, whatever the emails.
    const fromOne = await lastQueued()
    await Promise.all(
      known
        .slice(0, 12)
        .map((email) => server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email }, remoteAddress: "10.64.0.1" })),
    )
    expect(await queuedOnceSettled(fromOne)).toHaveLength(10)
  })
})
