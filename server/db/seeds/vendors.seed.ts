import { randomUUID } from "node:crypto"
import type { Insertable } from "kysely"
import { vendorRoles, type VendorStatus } from "../../../src/api/contract/common.ts"
import type { ContactEnquiriesTable } from "../contact-enquiries.table.ts"
import { json, type Db } from "../database.ts"
import type { EventsTable } from "../events.table.ts"
import { insertChange } from "../repositories/profile-changes.repository.ts"
import { STATUS_CHANGED } from "../repositories/status-history.repository.ts"
import { daysBefore, demoPerson } from "./demo-names.ts"

const MESSAGES = [
  "I would like to know how the counselling sessions work and what they cost.",
  "Do you have a nutritionist who can help with a diabetes-friendly diet?",
  "Looking for a lawyer for a tenancy dispute. Please call me back.",
  null,
  "Can I book yoga classes for my parents (both over 60)?",
  "I want to become a partner on your platform. What documents are needed?",
  null,
  "Please share the details of your image consulting packages.",
]

/** 24 contact enquiries spread over the last weeks, so All Enquiries pages (10 per page). */
export async function seedContactEnquiries(db: Db, now: number): Promise<void> {
  const rows: Array<Insertable<ContactEnquiriesTable>> = Array.from({ length: 24 }, (_, i) => {
    const person = demoPerson(300 + i)
    return {
      id: randomUUID(),
      name: person.name,
      email: `${person.emailLocal}@example.org`,
      number: person.number,
      city: person.city,
      state: person.state,
      message: MESSAGES[i % MESSAGES.length] ?? null,
      created_at: daysBefore(now, i * 1.7 + 0.2),
    }
  })
  await db.insertInto("contact_enquiries").values(rows).execute()
}

/**
 * Past status changes by the demo admin, so the History section of Vendor Details has rows:
 * the oldest 3 vendors of each of Temp Approve, Reject and Approve got there through these steps.
 */
const PATHS: Array<{ status: VendorStatus; steps: VendorStatus[] }> = [
  { status: "Temp Approve", steps: ["Under Review", "Temp Approve"] },
  { status: "Reject", steps: ["Under Review", "Temp Approve", "Reject"] },
  { status: "Approve", steps: ["Under Review", "Temp Approve", "Approve"] },
]

export async function seedStatusHistory(db: Db, now: number): Promise<void> {
  const admin = await db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
  const events: Array<Insertable<EventsTable>> = []
  for (const path of PATHS) {
    const vendors = await db
      .selectFrom("users")
      .select("id")
      .where("role", "in", vendorRoles)
      .where("status", "=", path.status)
      .where("email", "not like", "%@demo.test")
      .orderBy("created_at", "asc")
      .orderBy("email")
      .limit(3)
      .execute()
    vendors.forEach((vendor, v) => {
      for (let s = 1; s < path.steps.length; s++) {
        events.push({
          entity_type: "user",
          entity_id: vendor.id,
          type: STATUS_CHANGED,
          actor_id: admin.id,
          at: daysBefore(now, 10 - s * 3 + v * 0.1),
          before: json({ status: path.steps[s - 1] }),
          after: json({ status: path.steps[s] }),
        })
      }
    })
  }
  await db.insertInto("events").values(events).execute()
}

/**
 * One approved vendor (demo person 11, a Lawyer) has asked to change their bank details, so an Admin
 * finds a profile change waiting on their Vendor Details page (issue 26) and the audit trail holds one.
 */
export async function seedProfileChanges(db: Db, now: number): Promise<void> {
  const person = demoPerson(11)
  const vendor = await db.selectFrom("users").select(["id", "account_details"]).where("email", "=", `${person.emailLocal}@example.com`).executeTakeFirst()
  if (!vendor) return
  // Through the repository's own insert, the one writer of the vendor's "Changes under review" flag.
  const approved = { bankName: vendor.account_details.bankName ?? null, accountNumber: vendor.account_details.accountNumber ?? null }
  await insertChange(db, vendor.id, { bankName: "Axis Bank", accountNumber: "912300004567" }, approved, daysBefore(now, 1))
}
