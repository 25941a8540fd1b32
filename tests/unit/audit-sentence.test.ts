import { describe, expect, it } from "vitest"
import { auditSentence, eventTypeLabel, fieldChanges } from "../../src/api/contract/audit/audit-sentence.ts"
import type { AuditEvent } from "../../src/api/contract/audit/audit.ts"

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  _id: "1",
  entityType: "user",
  entityId: "vendor-1",
  entityLabel: "Vikram Lawyer",
  type: "user.updated",
  actorId: "admin-1",
  actorName: "Asha Admin",
  actorRole: "Admin",
  actorEmail: "admin@demo.test",
  at: "2026-11-20T10:00:00.000Z",
  before: null,
  after: null,
  workflow: null,
  ...over,
})

describe("an audit event in words", () => {
  it("says who moved a vendor from which status to which, Approve shown as Approved", () => {
    expect(auditSentence(event({ type: "user.statusChanged", before: { status: "Under Review" }, after: { status: "Approve" } }))).toBe(
      "Asha Admin changed Vikram Lawyer from Under Review to Approved",
    )
  })

  it("names content by its title, tickets by their number, and a record without a name by its kind and id", () => {
    expect(auditSentence(event({ type: "blog.statusChanged", entityType: "blog", entityLabel: "Five habits", after: { status: false } }))).toBe(
      "Asha Admin unpublished blog “Five habits”",
    )
    expect(auditSentence(event({ type: "ticket.closed", entityType: "ticket", entityLabel: "TKT-000042" }))).toBe("Asha Admin closed ticket TKT-000042")
    expect(auditSentence(event({ type: "gallery.created", entityType: "gallery", entityId: "0f1e2d3c-aaaa", entityLabel: null }))).toBe(
      "Asha Admin created gallery image 0f1e2d3c",
    )
  })

  it("tells a person acting on their own account from someone acting on it", () => {
    expect(auditSentence(event({ type: "user.passwordChanged", actorId: "vendor-1", actorName: "Vikram Lawyer" }))).toBe("Vikram Lawyer changed their password")
    expect(auditSentence(event({ type: "user.passwordChanged" }))).toBe("Asha Admin changed the password of Vikram Lawyer")
  })

  it("lists the fields an update changed, and names the system when no one was signed in", () => {
    expect(auditSentence(event({ before: { city: "Pune", state: "MH" }, after: { city: "Mumbai", state: "MH" } }))).toBe(
      "Asha Admin updated Vikram Lawyer: city",
    )
    expect(
      auditSentence(event({ type: "counsellingSession.completed", entityType: "counsellingSession", entityLabel: "Sleep", actorId: null, actorName: null })),
    ).toBe("The system marked counselling session “Sleep” completed")
  })

  it("reads a type it has no words for from the type itself", () => {
    expect(auditSentence(event({ type: "user.calendarFeedRevoked" }))).toBe("Asha Admin: calendar feed revoked (Vikram Lawyer)")
  })
})

describe("an audit event's changes", () => {
  it("lists each changed field once, opening a group one level", () => {
    const changes = fieldChanges(
      event({
        before: { status: "Under Review", account_details: { bankName: "HDFC Bank", ifscCode: "HDFC0001" }, city: "Pune" },
        after: { status: "Approve", account_details: { bankName: "Axis Bank", ifscCode: "HDFC0001" }, city: "Pune" },
      }),
    )
    expect(changes).toEqual([
      { field: "status", label: "Status", before: "Under Review", after: "Approve" },
      { field: "account_details.bankName", label: "Account details › Bank name", before: "HDFC Bank", after: "Axis Bank" },
    ])
  })

  it("lists none for a creation or a deletion", () => {
    expect(fieldChanges(event({ type: "user.created", after: { name: "Vikram" } }))).toEqual([])
    expect(fieldChanges(event({ type: "user.deleted", before: { name: "Vikram" } }))).toEqual([])
  })
})

describe("an event type in words", () => {
  it("names the kind of record and what happened", () => {
    expect(eventTypeLabel("user.statusChanged")).toBe("Person: status changed")
    expect(eventTypeLabel("counsellingSession.noShow")).toBe("Counselling session: no show")
    expect(eventTypeLabel("ticketResponse.created")).toBe("Ticket reply: created")
    expect(eventTypeLabel("widget.renamed")).toBe("Widget: renamed")
  })
})
