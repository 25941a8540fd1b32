import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { vendorStatusMachine } from "../../src/machines/vendors/vendor-status.machine.ts"
import { sealPending, verifyChain } from "../../server/services/audit/audit-chain.ts"
import { workflowHash } from "../../server/services/audit/workflows.ts"
import { accountMachine } from "../../src/machines/account/account.machine.ts"
import { assignmentMachine } from "../../src/machines/counselling/assignment.machine.ts"
import { blogStatusMachine } from "../../src/machines/blogs/blog-status.machine.ts"
import { enquiryAccessMachine } from "../../src/machines/counselling/enquiry-access.machine.ts"
import { appendEvent } from "../../server/services/events.ts"
import { openDatabase } from "../../server/db/open-database.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { migratedTarget } from "./seeded-snapshot.ts"
import { runServerScript, scriptTarget, type ScriptTarget } from "./script-runner.ts"

/*
 * Issue 25, evidence an auditor can trust: the event log is a hash chain (NIST AU-9(3)); a row changed,
 * removed or slipped in by hand is found, each day's head is kept as a checkpoint, and every event names
 * the workflow version that allowed it.
 */

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const unsealed = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events where seal is null`.execute(server.db)).rows[0]!.n)

/** Approves a seeded vendor under review through the API: one status event, written by the vendor-status workflow. */
async function approveOne(): Promise<string> {
  const res = await server.app.inject({ method: "GET", url: "/api/v1/user/allUsers/pending?page=1&limit=1", headers: { authorization: `Bearer ${admin}` } })
  const id = res.json().data[0]._id as string
  const change = await server.app.inject({
    method: "PATCH",
    url: "/api/v1/user/updateUser",
    headers: { authorization: `Bearer ${admin}` },
    payload: { userId: id, status: "Approve" },
  })
  expect(change.statusCode, change.body).toBe(200)
  return id
}

describe("the event log's hash chain", () => {
  it("goes on sealing and verifies in order past the ninth seal (a seal's number sorted as text once read '9' as the newest)", async () => {
    const database = await openDatabase(migratedTarget())
    const events = (n: number) =>
      sql`insert into events (entity_type, entity_id, type, after) select 'test', 'e' || g, 'test.created', '{}'::jsonb from generate_series(1, ${n}) g`.execute(
        database.db,
      )
    try {
      await events(12)
      expect((await sealPending(database.db, new Date(), { batch: 1, checkpoint: false })).sealed).toBe(12)
      await events(1)
      expect((await sealPending(database.db, new Date(), { batch: 1, checkpoint: false })).sealed).toBe(1)
      expect(await verifyChain(database.db)).toMatchObject({ intact: true, seals: 13, sealedEvents: 13, unsealed: 0, firstBreak: null })
    } finally {
      await database.close()
    }
  })

  it("seals a write's events shortly after it answers, off the request, and the chain verifies", async () => {
    const vendorId = await approveOne()
    await expect.poll(unsealed, { timeout: 10_000 }).toBe(0)
    const report = await verifyChain(server.db)
    expect(report).toMatchObject({ intact: true, unsealed: 0, firstBreak: null })
    expect(report.seals).toBeGreaterThanOrEqual(2)
    expect(report.head).toMatch(/^[0-9a-f]{64}$/)
    const event = await server.db
      .selectFrom("events")
      .select(["machine", "seal"])
      .where("entity_id", "=", vendorId)
      .where("type", "=", "user.statusChanged")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow()
    expect(event.machine).toBe(workflowHash(vendorStatusMachine))
    expect(event.seal).not.toBeNull()
  })

  it("records where each write came from, its address and request id, covered by the chain; a read carries none", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/v1/user/allUsers/pending?page=1&limit=1", headers: { authorization: `Bearer ${admin}` } })
    const id = res.json().data[0]._id as string
    const change = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateUser",
      headers: { authorization: `Bearer ${admin}` },
      payload: { userId: id, status: "Temp Approve" },
      remoteAddress: "203.0.113.77",
    })
    expect(change.statusCode).toBe(200)
    const listed = await server.app.inject({
      method: "GET",
      url: `/api/v1/audit/events?entityType=user&entityId=${id}&type=user.statusChanged`,
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(listed.json().data[0]).toMatchObject({ ip: "203.0.113.77", requestId: change.headers["x-request-id"] })
    // Outside a request (a script, the seed) an event has no source.
    await appendEvent(server.db, { entityType: "probe", entityId: "no-origin", type: "probe.created", actorId: null })
    expect(await server.db.selectFrom("events").select(["ip", "request_id"]).where("entity_id", "=", "no-origin").executeTakeFirstOrThrow()).toEqual({
      ip: null,
      request_id: null,
    })
    // The address is sealed with the event: changed by hand, the chain breaks.
    await expect.poll(unsealed, { timeout: 10_000 }).toBe(0)
    expect((await verifyChain(server.db)).intact).toBe(true)
    await sql`update events set ip = '198.51.100.1' where entity_id = ${id} and ip = '203.0.113.77'`.execute(server.db)
    expect((await verifyChain(server.db)).intact).toBe(false)
    await sql`update events set ip = '203.0.113.77' where entity_id = ${id} and ip = '198.51.100.1'`.execute(server.db)
    expect((await verifyChain(server.db)).intact).toBe(true)
  })

  it("records the version of each domain workflow: blog publication, enquiry access, assignment, account", async () => {
    const cases = [
      ["blog.statusChanged", blogStatusMachine],
      ["counsellingEnquiry.accessSent", enquiryAccessMachine],
      ["user.counsellorAssigned", assignmentMachine],
      ["user.passwordChanged", accountMachine],
    ] as const
    for (const [type, machine] of cases) {
      await appendEvent(server.db, { entityType: "probe", entityId: type, type, actorId: null })
      const row = await server.db.selectFrom("events").select(["machine"]).where("entity_id", "=", type).executeTakeFirstOrThrow()
      expect(row.machine, type).toBe(workflowHash(machine))
    }
    expect(new Set(cases.map(([, machine]) => workflowHash(machine))).size).toBe(cases.length)
  })

  it("records the workflow version only where a workflow allowed the event", async () => {
    await appendEvent(server.db, { entityType: "user", entityId: "x", type: "user.loggedOut", actorId: null })
    const row = await server.db
      .selectFrom("events")
      .select(["machine"])
      .where("type", "=", "user.loggedOut")
      .where("entity_id", "=", "x")
      .executeTakeFirstOrThrow()
    expect(row.machine).toBeNull()
    expect(workflowHash(vendorStatusMachine)).toMatch(/^[0-9a-f]{64}$/)
  })

  it("keeps the day's head as a checkpoint, in the database and in the file an auditor copies away", async () => {
    await approveOne()
    await expect.poll(unsealed, { timeout: 10_000 }).toBe(0)
    const day = new Date().toISOString().slice(0, 10)
    const checkpoint = await sql<{ seq: string; hash: string }>`select seq::text as seq, hash from audit_checkpoints where day = ${day}::date`.execute(
      server.db,
    )
    expect(checkpoint.rows).toHaveLength(1)
    const file = join(server.dataDir, "audit", "checkpoints.log")
    await expect.poll(() => existsSync(file)).toBe(true)
    expect(readFileSync(file, "utf8")).toContain(`${day} seal ${checkpoint.rows[0]!.seq} ${checkpoint.rows[0]!.hash}`)
    const forged = { day, seq: checkpoint.rows[0]!.seq, hash: "f".repeat(64) }
    expect((await verifyChain(server.db, [forged])).firstBreak).toBe(
      `The checkpoint of ${day} (seal #${forged.seq}) no longer matches the chain: the log was rewritten after it.`,
    )
  })

  it("finds a row changed by hand, and is whole again once it is put back", async () => {
    await sealPending(server.db, new Date())
    const victim = await sql<{
      id: string
      seal: string
      after: unknown
    }>`select id::text as id, seal::text as seal, after from events where type = 'user.statusChanged' order by id desc limit 1`.execute(server.db)
    const { id, seal, after } = victim.rows[0]!
    await sql`update events set after = jsonb_set(after, '{status}', '"Reject"') where id = ${id}::bigint`.execute(server.db)
    const report = await verifyChain(server.db)
    expect(report.intact).toBe(false)
    expect(report.firstBreak).toMatch(new RegExp(`^Seal #${seal} no longer matches its events \\(events \\d+ to \\d+\\): one of them was changed by hand\\.$`))
    await sql`update events set after = ${JSON.stringify(after)}::jsonb where id = ${id}::bigint`.execute(server.db)
    expect((await verifyChain(server.db)).intact).toBe(true)
  })

  it("finds a seal's hash replaced and an event removed or slipped in", async () => {
    await sealPending(server.db, new Date())
    const last = await sql<{ seq: string; hash: string }>`select seq::text as seq, hash from audit_seals order by seq desc limit 1`.execute(server.db)
    const first = await sql<{ seq: string; hash: string }>`select seq::text as seq, hash from audit_seals order by seq limit 1`.execute(server.db)
    await sql`update audit_seals set hash = ${"0".repeat(64)} where seq = ${first.rows[0]!.seq}::bigint`.execute(server.db)
    expect((await verifyChain(server.db)).firstBreak).toMatch(/^Seal #1 no longer matches its events/)
    await sql`update audit_seals set hash = ${first.rows[0]!.hash} where seq = ${first.rows[0]!.seq}::bigint`.execute(server.db)

    await sql`update events set seal = ${Number(last.rows[0]!.seq) + 5} where id = (select min(id) from events where seal = ${last.rows[0]!.seq}::bigint)`.execute(
      server.db,
    )
    const moved = await verifyChain(server.db)
    expect(moved.firstBreak).toMatch(new RegExp(`^Seal #${last.rows[0]!.seq} covered \\d+ events and now finds \\d+`))

    await sql`delete from events where seal = ${Number(last.rows[0]!.seq) + 5}`.execute(server.db)
    expect((await verifyChain(server.db)).firstBreak).toMatch(
      new RegExp(`^Seal #${last.rows[0]!.seq} covered \\d+ events and now finds \\d+ .*: an event was removed or moved out by hand\\.$`),
    )
  })
})

describe("npm run audit:verify", { timeout: 120_000 }, () => {
  let target: ScriptTarget
  beforeAll(async () => {
    target = await scriptTarget()
  })
  afterAll(() => target.cleanup())

  it("says the log is intact, then reports the first break after a row is changed by hand (exit code 1)", async () => {
    const database = await target.open()
    try {
      for (let i = 0; i < 3; i++)
        await appendEvent(database.db, { entityType: "ticket", entityId: `t${i}`, type: "ticket.created", actorId: null, after: { n: i } })
      await sealPending(database.db, new Date())
      await appendEvent(database.db, { entityType: "ticket", entityId: "t9", type: "ticket.created", actorId: null })
    } finally {
      await database.close()
    }
    const fine = await runServerScript("audit-verify", [], target.env)
    expect(fine.stderr).toBe("")
    expect(fine.code).toBe(0)
    expect(fine.stdout).toMatch(/^Event log intact: 1 seals covering 3 events, 0 kept checkpoints matched; 1 events not sealed yet/)

    const again = await target.open()
    try {
      await sql`update events set after = '{"n": 7}'::jsonb where entity_id = 't1'`.execute(again.db)
    } finally {
      await again.close()
    }
    const broken = await runServerScript("audit-verify", [], target.env)
    expect(broken.code).toBe(1)
    expect(broken.stdout).toContain("Event log BROKEN. Seal #1 no longer matches its events")
  })
})
