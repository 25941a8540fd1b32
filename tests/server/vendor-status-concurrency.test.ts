import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type VendorStatus, vendorStatuses } from "../../src/api/contract/common.ts"
import { canChangeStatus } from "../../src/machines/vendors/vendor-status.machine.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * 100 status changes of one vendor at once, from several Admins, legal and illegal mixed: the row
 * lock must make them one after another, so the event log is a chain of legal steps that folds to the
 * row's status, every 200 has exactly one event and every 409 (or 400 for a status outside the list) none. Runs on PGlite, and on PostgreSQL
 * (real parallel transactions) when TEST_DATABASE_URL is set.
 */
let server: TestServer
const admins: Array<{ id: string; token: string }> = []
beforeAll(async () => {
  // On PostgreSQL each change holds one of the pool's 10 connections while it waits for the row's lock, so the
  // last of the 100 wait their turn for a connection for as long as the 90 before them take. On a loaded machine
  // that outran the pool's 5 s queue bound, and those were answered 503 ("busy", as designed for a real
  // overload): the race this file checks is the row lock's, so its queue waits for as long as the race takes.
  server = await startTestServer({ poolQueueWaitMs: 120_000 })
  const demo = await server.db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
  admins.push({ id: demo.id, token: await server.login("admin@demo.test") })
  for (let i = 0; i < 3; i++) {
    const row = await insertUser(server.db, {
      name: `Parallel Admin ${i}`,
      email: `parallel-admin-${i}-${randomUUID().slice(0, 6)}@example.net`,
      number: null,
      role: "Admin",
      status: "Approve",
      organization_id: null,
    })
    admins.push({ id: row.id, token: await server.tokens.signAccess({ id: row.id, role: "Admin", version: row.token_version }) })
  }
})
afterAll(() => server.close())

async function newVendor() {
  const n = randomUUID().slice(0, 8)
  return insertUser(server.db, {
    name: `Raced Vendor ${n}`,
    email: `raced-${n}@example.net`,
    number: `98${n.replace(/\D/g, "").padEnd(8, "1").slice(0, 8)}`,
    role: "Lawyer",
    status: "Under Review",
    organization_id: "org-wellness-collective",
  })
}

interface Attempt {
  admin: string
  to: string
  status: number
  answeredStatus?: string
}

/** Sends every change at once and answers what each Admin asked for and what came back. */
async function race(vendorId: string, targets: string[]): Promise<Attempt[]> {
  return Promise.all(
    targets.map(async (to, i) => {
      const admin = admins[i % admins.length]!
      const res = await server.app.inject({
        method: "PATCH",
        url: "/api/v1/user/updateUser",
        headers: bearer(admin.token),
        payload: { userId: vendorId, status: to },
      })
      return { admin: admin.id, to, status: res.statusCode, answeredStatus: res.statusCode === 200 ? (res.json().data.status as string) : undefined }
    }),
  )
}

/** The checks shared by both races: the log is a legal chain, folds to the row, and matches the answers one to one. */
async function expectLogAgrees(vendorId: string, attempts: Attempt[]) {
  // A listed status is a move the machine allows (200) or refuses (409); one outside the list is bad input (400).
  const listed = (to: string) => (vendorStatuses as readonly string[]).includes(to)
  expect(attempts.filter((a) => (listed(a.to) ? a.status !== 200 && a.status !== 409 : a.status !== 400))).toEqual([])
  const events = await server.db
    .selectFrom("events")
    .selectAll()
    .where("entity_type", "=", "user")
    .where("entity_id", "=", vendorId)
    .where("type", "=", "user.statusChanged")
    .orderBy("id")
    .execute()
  const steps = events.map((e) => ({
    actor: e.actor_id,
    from: (e.before as { status: VendorStatus }).status,
    to: (e.after as { status: VendorStatus }).status,
  }))

  // A chain of legal steps from Under Review: each starts where the previous one ended.
  let status: VendorStatus = "Under Review"
  for (const step of steps) {
    expect(step.from).toBe(status)
    expect(canChangeStatus(step.from, step.to), `${step.from} → ${step.to}`).toBe(true)
    status = step.to
  }
  const row = await server.db.selectFrom("users").select("status").where("id", "=", vendorId).executeTakeFirstOrThrow()
  expect(row.status).toBe(status)

  // Every 200 has exactly one event (same Admin, same target) and every 409 none.
  const accepted = attempts.filter((a) => a.status === 200)
  const key = (x: { admin?: string | null; actor?: string | null; to: string }) => `${x.admin ?? x.actor} → ${x.to}`
  expect(steps.map(key).sort()).toEqual(accepted.map(key).sort())
  for (const a of accepted) expect(a.answeredStatus).toBe(a.to)

  const history = await server.app.inject({ method: "GET", url: `/api/v1/user/statusHistory/${vendorId}`, headers: bearer(admins[0]!.token) })
  expect(history.statusCode).toBe(200)
  const changes = history.json().data as Array<{ actorId: string; from: string; to: string }>
  expect(changes.map((c) => ({ actor: c.actorId, from: c.from, to: c.to }))).toEqual(steps)
  return { steps, accepted }
}

describe("100 parallel status changes of one vendor", () => {
  it("among the non-final statuses (and a few unknown ones): the log and the row agree, refusals leave no trace", async () => {
    const vendor = await newVendor()
    const cycle = ["Temp Approve", "Reject", "Under Review", "Temp Approve", "Under Review", "Reject", "Unknown status"]
    const attempts = await race(
      vendor.id,
      Array.from({ length: 100 }, (_, i) => cycle[i % cycle.length]!),
    )
    const { accepted } = await expectLogAgrees(vendor.id, attempts)
    // Serialised, many steps are legal from wherever the previous one left the vendor; same-status and unknown ones are not.
    expect(accepted.length).toBeGreaterThan(1)
    expect(attempts.filter((a) => a.to === "Unknown status").every((a) => a.status === 400)).toBe(true)
    expect(attempts.filter((a) => a.status === 409).length).toBeGreaterThan(0)
  })

  it("with Approve among them: Approve lands once, and nothing is recorded after it (Approve is final)", async () => {
    const vendor = await newVendor()
    const cycle = ["Temp Approve", "Reject", "Under Review", "Approve", "Temp Approve", "Reject", "Under Review"]
    const attempts = await race(
      vendor.id,
      Array.from({ length: 100 }, (_, i) => cycle[i % cycle.length]!),
    )
    const { steps } = await expectLogAgrees(vendor.id, attempts)
    expect(steps.filter((s) => s.to === "Approve")).toHaveLength(1)
    expect(steps.at(-1)!.to).toBe("Approve")
    expect(steps.filter((s) => s.from === "Approve")).toEqual([])
    expect(attempts.filter((a) => a.to === "Approve" && a.status === 200)).toHaveLength(1)
  })
})
