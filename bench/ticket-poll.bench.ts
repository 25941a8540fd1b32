/**
 * Cost of one chat poll: a full read (200) against a poll whose ETag still holds (304), on the
 * embedded database, with a ticket of 20 messages. Run: node --import tsx bench/ticket-poll.bench.ts
 * Prints the time per poll of each and their ratio (the baseline is the full read of the same run).
 */
import { performance } from "node:perf_hooks"
import { bearer, startTestServer } from "../tests/server/harness.ts"
import { multipart } from "../tests/server/ticket-fixtures.ts"

const ROUNDS = Number(process.env.ROUNDS ?? 400)
const server = await startTestServer()
try {
  const lawyer = bearer(await server.login("lawyer@demo.test"))
  const admin = bearer(await server.login("admin@demo.test"))
  const form = multipart({ ticketType: "Technical", query: "Bench ticket" })
  const created = await server.app.inject({ method: "POST", url: "/api/v1/userQuery/create", payload: form.payload, headers: { ...form.headers, ...lawyer } })
  const queryId = created.json().data._id as string
  for (let i = 0; i < 10; i++) {
    await server.app.inject({ method: "POST", url: "/api/v1/userQuery/addResponse", payload: { question: `Question ${i}`, queryId }, headers: lawyer })
    await server.app.inject({ method: "POST", url: "/api/v1/userQuery/addResponse", payload: { answer: `Answer ${i}`, queryId }, headers: admin })
  }
  const url = `/api/v1/userQuery/fetchResponse/${queryId}`
  const etag = (await server.app.inject({ method: "GET", url, headers: lawyer })).headers.etag as string

  async function time(label: string, headers: Record<string, string>, status: number): Promise<number> {
    for (let i = 0; i < 20; i++) await server.app.inject({ method: "GET", url, headers }) // warm up
    const start = performance.now()
    for (let i = 0; i < ROUNDS; i++) {
      const res = await server.app.inject({ method: "GET", url, headers })
      if (res.statusCode !== status) throw new Error(`${label}: expected ${status}, got ${res.statusCode}`)
    }
    const perPoll = (performance.now() - start) / ROUNDS
    console.log(`${label.padEnd(28)} ${perPoll.toFixed(3)} ms per poll`)
    return perPoll
  }
  const full = await time("full read (200, baseline)", lawyer, 200)
  const unchanged = await time("unchanged (304)", { ...lawyer, "if-none-match": etag }, 304)
  console.log(`ratio 304 / 200: ${(unchanged / full).toFixed(2)} (${(full / unchanged).toFixed(1)}x cheaper), ${ROUNDS} polls each`)
} finally {
  await server.close()
}
