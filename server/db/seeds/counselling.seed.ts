import { randomUUID } from "node:crypto"
import type { Insertable } from "kysely"
import { jitsiMeetings } from "../../services/meetings/jitsi.ts"
import type { CounsellingEnquiriesTable } from "../counselling-enquiries.table.ts"
import type { CounsellingSessionsTable } from "../counselling-sessions.table.ts"
import { json, type Db } from "../database.ts"
import type { UsersTable } from "../users.table.ts"
import { daysBefore, demoPerson } from "./demo-names.ts"
import { DEMO_ORGANIZATION } from "./people.seed.ts"

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

const REASONS = ["Stress at work", "Anxiety and overthinking", "Relationship concerns", "Low mood", "Family conflict", "Career confusion", "Other"]
const OTHER_REASONS = ["Adjusting after moving to a new city", "Grief after losing a parent", "Exam pressure"]
const HISTORY = ["No, this is my first time", "Yes, a few sessions some years ago", "Yes, I am seeing someone now", "Other"]
const TOPICS: Array<[string, string]> = [
  ["Managing work stress", "Identify stress triggers at work and agree on two coping techniques to try this week."],
  ["Sleep and anxiety", "Review the sleep diary, discuss evening routines and a breathing exercise for racing thoughts."],
  ["Communication in relationships", "Practise expressing needs without blame; plan one difficult conversation."],
  ["Building confidence", "Look at recent wins, challenge one limiting belief and set a small weekly goal."],
  ["Coping with change", "Talk through the recent move, what feels hardest and what support exists nearby."],
  ["Follow-up and progress review", "Review progress since the last session and adjust the plan for the next month."],
]

interface SeededClient {
  id: string
  email: string
  age: number
}

/** One enquiry row; `index` decides every field so the same seed gives the same rows. */
function enquiryRow(
  index: number,
  person: { name: string; email: string; number: string },
  userId: string | null,
  createdAt: Date,
): Insertable<CounsellingEnquiriesTable> {
  const reason = REASONS[index % REASONS.length]!
  const history = HISTORY[(index * 3) % HISTORY.length]!
  return {
    id: randomUUID(),
    name: person.name,
    email: person.email,
    number: person.number,
    age: 19 + ((index * 11) % 40),
    question1: reason,
    other_question1: reason === "Other" ? OTHER_REASONS[index % OTHER_REASONS.length]! : null,
    question2: history,
    other_question2: history === "Other" ? "I tried an app-based programme for a month." : null,
    date_time: new Date(createdAt.getTime() + (3 + (index % 5)) * DAY + (index % 8) * HOUR),
    is_access_send: userId !== null,
    user_id: userId,
    created_at: createdAt,
    updated_at: createdAt,
  }
}

/** The account made when access was sent, a day after the enquiry. */
function clientRow(index: number, createdAt: Date): Insertable<UsersTable> {
  const p = demoPerson(index)
  return {
    id: randomUUID(),
    name: p.name,
    email: `${p.emailLocal}@example.com`,
    number: p.number,
    role: "User",
    status: "Approve",
    password_hash: null,
    organization_id: DEMO_ORGANIZATION.id,
    organization_name: DEMO_ORGANIZATION.name,
    city: p.city,
    state: p.state,
    pin_code: p.pinCode,
    additional_details: json({}),
    document_details: json({}),
    account_details: json({}),
    created_at: createdAt,
  }
}

/**
 * Counselling demo data on top of the people seed: 12 enquiries waiting for access, 12 whose
 * access was sent (each with its new, unassigned client account), an enquiry for every existing
 * client; user@demo.test and 10 clients assigned (6 to counsellor@demo.test); 14 upcoming and 14
 * past sessions, 8 of them between user@demo.test and counsellor@demo.test. Session times never overlap.
 */
export async function seedCounselling(db: Db, now: number): Promise<void> {
  const people = await db.selectFrom("users").select(["id", "email", "name", "number", "role", "status"]).orderBy("created_at").orderBy("email").execute()
  const byEmail = (email: string) => people.find((p) => p.email === email)!
  const admin = byEmail("admin@demo.test")
  const demoUser = byEmail("user@demo.test")
  const demoCounsellor = byEmail("counsellor@demo.test")
  const existingClients = people.filter((p) => p.role === "User" && p.email !== demoUser.email)
  const otherCounsellors = people.filter((p) => p.role === "Counsellor" && p.status === "Approve" && p.email !== demoCounsellor.email)

  const enquiries: Array<Insertable<CounsellingEnquiriesTable>> = []
  const newClients: Array<Insertable<UsersTable>> = []
  for (let i = 0; i < 24; i++) {
    const index = 300 + i
    const p = demoPerson(index)
    const person = { name: p.name, email: `${p.emailLocal}@example.com`, number: p.number }
    const askedAt = daysBefore(now, 2 + ((index * 7) % 45) + index / 50)
    const client = i % 2 === 0 ? clientRow(index, new Date(askedAt.getTime() + DAY)) : null
    if (client) newClients.push(client)
    enquiries.push(enquiryRow(index, person, client ? client.id : null, askedAt))
  }
  const ages = new Map<string, number>()
  for (const [i, c] of [demoUser, ...existingClients].entries()) {
    const row = enquiryRow(400 + i, { name: c.name, email: c.email, number: c.number ?? "9000000000" }, c.id, daysBefore(now, 60 + i))
    enquiries.push(row)
    ages.set(c.id, row.age!)
  }
  await db.insertInto("users").values(newClients).execute()
  await db.insertInto("counselling_enquiries").values(enquiries).execute()

  const assigned: Array<{ client: SeededClient; counsellorId: string }> = [
    { client: { ...demoUser, age: ages.get(demoUser.id)! }, counsellorId: demoCounsellor.id },
  ]
  for (const [i, c] of existingClients.slice(0, 10).entries()) {
    const counsellorId = i < 5 ? demoCounsellor.id : otherCounsellors[i % otherCounsellors.length]!.id
    assigned.push({ client: { ...c, age: ages.get(c.id)! }, counsellorId })
  }
  for (const a of assigned) await db.updateTable("users").set({ counsellor_id: a.counsellorId }).where("id", "=", a.client.id).execute()

  await db
    .insertInto("counselling_sessions")
    .values(await sessionRows(assigned, admin.id, now))
    .execute()
}

/** user@demo.test gets 4 upcoming and 4 past sessions, every other assigned client one of each. */
async function sessionRows(assigned: Array<{ client: SeededClient; counsellorId: string }>, adminId: string, now: number) {
  const meetings = jitsiMeetings()
  const dayStart = Math.floor(now / DAY) * DAY
  const rows: Array<Insertable<CounsellingSessionsTable>> = []
  let slot = 0
  for (const [i, a] of assigned.entries()) {
    const count = i === 0 ? 4 : 1
    for (let n = 0; n < count; n++) {
      for (const upcoming of [true, false]) {
        const k = slot++
        // Every seeded session has its own 2-hour slot, so no counsellor is ever double-booked.
        const day = upcoming ? 2 + Math.floor(k / 4) : -(1 + Math.floor(k / 4))
        const startsAt = new Date(dayStart + day * DAY + (6 + (k % 4) * 2) * HOUR)
        const [topic, agenda] = TOPICS[k % TOPICS.length]!
        const duration = [45, 60, 60, 90][k % 4]!
        const meeting = await meetings.create({ topic, startsAt, durationMinutes: duration })
        const createdAt = new Date(Math.min(now - HOUR, startsAt.getTime() - (3 + (k % 5)) * DAY))
        rows.push({
          id: randomUUID(),
          user_id: a.client.id,
          counsellor_id: a.counsellorId,
          topic,
          agenda,
          note: k % 3 === 0 ? "Client prefers to keep the camera off for the first few minutes." : null,
          duration,
          starts_at: startsAt,
          ends_at: new Date(startsAt.getTime() + duration * 60_000),
          meeting_key: meeting.meetingKey,
          join_link: meeting.joinLink,
          start_link: meeting.startLink,
          booking_age: a.client.age,
          created_by: adminId,
          created_at: createdAt,
          updated_at: createdAt,
        })
      }
    }
  }
  return rows
}
