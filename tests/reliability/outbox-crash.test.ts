import { afterAll, describe, expect, it } from "vitest"
import { messageIdOf } from "../../server/services/mail/mailer.ts"
import { startFakeSmtp, type FakeSmtp } from "../fixtures/fake-smtp.ts"
import { embeddedTarget, postgresTarget, postgresUnreachable, type CrashTarget } from "./crash-targets.ts"
import { killServer, login, raiseTicket, request, startServer } from "../fixtures/real-server.ts"
import { skipWhenMissing } from "../fixtures/dependency.ts"

/**
 * No acknowledged change loses its notification (issue 23): changes are acknowledged while the mail
 * server hangs, so their mails are queued and claimed but not sent; the server is killed (SIGKILL)
 * right then and restarted once the mail server answers. Every queued mail must then reach the mail
 * server exactly once: the claims of the dead process run out and are taken over, and nothing is
 * sent twice.
 */
const TICKETS = 5
const VENDORS = 3
const LEASE_MS = 2_000
const MAIL_FROM = "Console <no-reply@console.local>"

const skipPostgres = skipWhenMissing(await postgresUnreachable(), "the PostgreSQL outbox crash")

const cleanups: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error))
})

/**
 * Waits until the mail server has received at least `expected` mails and then nothing new for `quietMs`
 * (longer than a lease and a poll, so a second copy would have arrived). Quiet alone is not enough: a
 * restart quicker than the dead process's leases sends the unclaimed mails at once and the claimed ones
 * only when their leases run out, which can be more than `quietMs` later.
 */
async function settled(smtp: FakeSmtp, expected: number, quietMs: number, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs
  let count = -1
  let since = Date.now()
  while (Date.now() < deadline) {
    if (smtp.messages.length !== count) {
      count = smtp.messages.length
      since = Date.now()
    } else if (count >= expected && Date.now() - since >= quietMs) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the mail server was still receiving (or had not received ${expected}) after ${deadlineMs} ms: ${count} messages`)
}

async function killBetweenCommitAndDelivery(target: CrashTarget) {
  cleanups.push(() => target.cleanup())
  const smtp = await startFakeSmtp({ stalled: true })
  cleanups.push(() => smtp.close())
  const env = { ...target.env, SMTP_URL: smtp.url, MAIL_FROM, MAIL_LEASE_MS: String(LEASE_MS), MAIL_WAIT_MS: "300", LOG_LEVEL: "error" }
  const vendors = await target.inspect((db) => db.selectFrom("users").select("id").where("status", "=", "Under Review").orderBy("id").limit(VENDORS).execute())
  const admins = await target.inspect((db) => db.selectFrom("users").select("id").where("role", "=", "Admin").where("status", "!=", "Reject").execute())
  expect(vendors).toHaveLength(VENDORS)

  const first = await startServer(env)
  cleanups.push(() => killServer(first))
  const raiser = await login(first.url, "user@demo.test")
  const admin = await login(first.url, "admin@demo.test")
  // Acknowledged while the mail server hangs: tickets answer at once, a status change after its short wait.
  for (let i = 0; i < TICKETS; i++) await raiseTicket(first.url, raiser, `outbox crash ${i}`)
  for (const vendor of vendors) {
    const answer = await request(false, first.url, {
      method: "PATCH",
      path: "/api/v1/user/updateUser",
      token: admin,
      body: { userId: vendor.id, status: "Temp Approve" },
    })
    expect(answer.status, answer.body).toBe(200)
    expect(JSON.parse(answer.body).message).toBe("User status updated. The email to the vendor could not be sent yet; it will be retried automatically.")
  }
  expect(smtp.messages).toHaveLength(0)
  await killServer(first)

  smtp.stalled = false
  const second = await startServer(env)
  cleanups.push(() => killServer(second))
  // Every mail the changes queued: a ticket's to each Admin, a status change's to its vendor, and the two sign-ins' notices.
  await settled(smtp, TICKETS * admins.length + VENDORS + 2, LEASE_MS * 2, 60_000)
  await killServer(second, "SIGTERM")

  const rows = await target.inspect((db) =>
    db
      .selectFrom("outbox")
      .select(["key", "kind", "status", "attempts", "last_error", "next_attempt_at", "lease_until"])
      .where("kind", "in", ["ticket.raised", "vendor.statusChanged", "signIn.newDevice"])
      .execute(),
  )
  expect(rows.filter((r) => r.kind === "ticket.raised")).toHaveLength(TICKETS * admins.length)
  expect(rows.filter((r) => r.kind === "vendor.statusChanged")).toHaveLength(VENDORS)
  // The two sign-ins above were from a new browser: their notices went through the same crash.
  expect(rows.filter((r) => r.kind === "signIn.newDevice")).toHaveLength(2)
  expect(rows.filter((r) => r.status !== "sent")).toEqual([])
  // Exactly once: every queued mail's Message-ID arrived once, and nothing else arrived.
  const received = smtp.messageIds().sort()
  expect(received).toEqual(rows.map((r) => messageIdOf(r.key, MAIL_FROM)).sort())
  expect(new Set(received).size).toBe(received.length)
}

describe("the outbox across a SIGKILL between commit and delivery", () => {
  it("embedded: every queued mail is delivered exactly once after the restart", { timeout: 180_000 }, async () => {
    await killBetweenCommitAndDelivery(await embeddedTarget())
  })

  it.skipIf(skipPostgres)("PostgreSQL: every queued mail is delivered exactly once after the restart", { timeout: 180_000 }, async () => {
    await killBetweenCommitAndDelivery(await postgresTarget())
  })
})
