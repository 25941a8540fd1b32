import Fastify from "fastify"
import { describe, expect, it } from "vitest"
import { BENCH_TIMING_HEADER, queryCounter, registerBenchInstrument } from "../../server/plugins/bench-instrument.ts"
import { openDatabase } from "../../server/db/open-database.ts"
import { startTestServer } from "./harness.ts"
import { migratedTarget } from "./seeded-snapshot.ts"

describe("benchmark instrumentation (BENCH_INSTRUMENT=1 only)", () => {
  it("counts every statement the database is sent, and answers the count", async () => {
    const counter = queryCounter()
    const database = await openDatabase(migratedTarget(), { onQuery: counter.onQuery })
    try {
      const app = Fastify()
      registerBenchInstrument(app, counter)
      app.get("/two-queries", async () => {
        await database.db.selectFrom("users").select("id").limit(1).execute()
        await database.db.selectFrom("users").select("id").limit(1).execute()
        return { ok: true }
      })
      const before = (await app.inject({ method: "GET", url: "/__bench/queries" })).json().queries as number
      const res = await app.inject({ method: "GET", url: "/two-queries", headers: { [BENCH_TIMING_HEADER]: "1" } })
      const after = (await app.inject({ method: "GET", url: "/__bench/queries" })).json().queries as number
      expect(after - before).toBe(2)
      expect(res.headers["server-timing"]).toMatch(/^app;dur=\d+\.\d{3}$/)
      // The load generator's requests do not ask: their answers are the size production sends.
      expect((await app.inject({ method: "GET", url: "/two-queries" })).headers["server-timing"]).toBeUndefined()
    } finally {
      await database.close()
    }
  })

  it("is absent from the app built without it: no count route, no Server-Timing", async () => {
    const server = await startTestServer({ seed: false })
    try {
      expect((await server.app.inject({ method: "GET", url: "/__bench/queries" })).statusCode).toBe(404)
      expect((await server.app.inject({ method: "GET", url: "/healthz" })).headers["server-timing"]).toBeUndefined()
    } finally {
      await server.close()
    }
  })
})
