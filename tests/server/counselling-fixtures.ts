import { roles, type Role } from "../../src/api/contract/common.ts"
import { bearer, type TestServer } from "./harness.ts"

/** Test data and readers shared by the counselling server tests. */

export const nonAdminRoles = roles.filter((r) => r !== "Admin")
export const demoEmailOf = (role: Role) => `${role.toLowerCase()}@demo.test`

export function enquiryPayload(n: number, overrides: Record<string, unknown> = {}) {
  return {
    name: `Test Client ${n}`,
    email: `test.client.${n}@example.org`,
    number: `98765${String(43210 + n).padStart(5, "0")}`,
    age: 30 + (n % 20),
    question1: "Other",
    otherQuestion1: "Trouble sleeping before exams",
    question2: "No, this is my first time",
    otherQuestion2: null,
    dateTime: "2030-01-15T10:30:00.000Z",
    ...overrides,
  }
}

/** `date` and `time` (with `Z`) of an instant, as the create and update calls take them. */
export const utcSlot = (at: Date | number) => {
  const iso = new Date(at).toISOString()
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 16)}Z` }
}

export const HOUR = 60 * 60 * 1000
export const DAY = 24 * HOUR

/** A whole minute `ms` after the server's now, so `utcSlot` names it exactly. */
export const minuteAfter = (server: TestServer, ms: number) => Math.ceil((server.clock.now + ms) / 60_000) * 60_000

export async function call(server: TestServer, token: string | null, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

export const eventsOf = (server: TestServer, type: string, entityId?: string) => {
  let query = server.db.selectFrom("events").selectAll().where("type", "=", type)
  if (entityId) query = query.where("entity_id", "=", entityId)
  return query.orderBy("id").execute()
}

/** The .ics attachments of a raw message, decoded from base64. */
export function icsAttachments(raw: string): string[] {
  const found: string[] = []
  const part = /Content-Type: text\/calendar[^\n]*\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g
  for (const m of raw.matchAll(part)) found.push(Buffer.from(m[1]!.replace(/\r?\n/g, ""), "base64").toString("utf8"))
  return found
}

/** An iCalendar property's value, with folded lines joined. */
export const icsValue = (ics: string, name: string) => new RegExp(`^${name}[;:](.*)$`, "m").exec(ics.replace(/\r\n /g, ""))?.[1]

/** An assigned client of the seed and their counsellor. */
export async function assignedClient(server: TestServer, token: string, index = 0) {
  const res = await call(server, token, "GET", "/user/assignUser?page=1&limit=20")
  const row = res.json().data.data[index]
  return { userId: row._id as string, counsellorId: row.counsellor._id as string, email: row.email as string }
}

export async function idOf(server: TestServer, email: string) {
  return (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id
}
