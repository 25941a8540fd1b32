import { accountMachine } from "../../src/machines/account/account.machine.ts"
import { assignmentMachine } from "../../src/machines/counselling/assignment.machine.ts"
import { blogScheduleMachine } from "../../src/machines/blogs/blog-schedule.machine.ts"
import { blogStatusMachine } from "../../src/machines/blogs/blog-status.machine.ts"
import { counsellingSessionMachine } from "../../src/machines/counselling/counselling-session.machine.ts"
import { enquiryAccessMachine } from "../../src/machines/counselling/enquiry-access.machine.ts"
import { ticketMachine } from "../../src/machines/tickets/ticket.machine.ts"
import { vendorStatusMachine } from "../../src/machines/vendors/vendor-status.machine.ts"
import type { PathSpec } from "./path-harness.ts"

/**
 * The domain workflows (the registry's `workflow` entries) with the events their paths, transition
 * pairs and seeded model runs are generated from, keyed by registry id. Each list holds steps the
 * workflow refuses too (a guard that says no must leave the record where it was).
 */
const NOW = Date.parse("2030-03-31T09:00:00.000Z")
const HOUR = 3_600_000
const SELF_LOOP = "reachable, but it leaves the snapshot as it was, so no path needs it"

export const workflowSpecs: Record<string, PathSpec & { name: string }> = {
  "vendor-status": {
    name: "vendor status",
    machine: vendorStatusMachine,
    events: (["Under Review", "Temp Approve", "Reject", "Approve", "Approved"] as const).map((to) => ({ type: "status.change", to })),
  },
  ticket: {
    name: "ticket",
    machine: ticketMachine,
    events: [
      { type: "ticket.respond" },
      { type: "ticket.close" },
      { type: "ticket.feedback", rating: 4, remark: "Quick and clear." },
      { type: "ticket.feedback", rating: 9, remark: "Out of scale" },
    ],
  },
  // A 60-minute session a day away, a 12-hour notice window: every step of its life, by each of the three
  // people, including the steps the machine refuses (a client setting a time, a reason left empty, moving
  // into the past), which must leave it where it was.
  "counselling-session": {
    name: "counselling session",
    machine: counsellingSessionMachine,
    input: { dateTime: NOW + 24 * HOUR, durationMinutes: 60, now: NOW, noticeHours: 12 },
    events: [
      { type: "clock.tick", now: NOW + 20 * HOUR },
      { type: "clock.tick", now: NOW + 24.5 * HOUR },
      { type: "clock.tick", now: NOW + 26 * HOUR },
      { type: "session.edit", dateTime: NOW + 48 * HOUR },
      { type: "session.reschedule", by: "admin", dateTime: NOW + 21 * HOUR, durationMinutes: 60 },
      { type: "session.reschedule", by: "counsellor", dateTime: NOW + 72 * HOUR, durationMinutes: 60 },
      { type: "session.reschedule", by: "counsellor", dateTime: NOW - HOUR, durationMinutes: 60 },
      { type: "session.reschedule", by: "client", dateTime: NOW + 72 * HOUR, durationMinutes: 60 },
      { type: "session.requestReschedule", by: "client" },
      { type: "session.requestReschedule", by: "counsellor" },
      { type: "session.cancel", by: "client", reason: "Unwell" },
      { type: "session.cancel", by: "counsellor", reason: "  " },
      { type: "session.markNoShow", by: "counsellor" },
      { type: "session.markNoShow", by: "client" },
      { type: "session.complete", by: "admin" },
      { type: "session.complete", by: "client" },
      { type: "session.delete" },
    ],
  },
  "blog-status": {
    name: "blog publication",
    machine: blogStatusMachine,
    events: [{ type: "blog.publish" }, { type: "blog.unpublish" }, { type: "blog.update" }, { type: "blog.delete" }],
    unreachable: {
      // An update changes the content, not the blog's place in its life, and setting the status it has changes
      // nothing: each lands on the very snapshot it left.
      "blogStatus.published --blog.update--> (self)": SELF_LOOP,
      "blogStatus.unpublished --blog.update--> (self)": SELF_LOOP,
      "blogStatus.published --blog.publish--> (self)": SELF_LOOP,
      "blogStatus.unpublished --blog.unpublish--> (self)": SELF_LOOP,
    },
  },
  "blog-schedule": {
    name: "scheduled publish",
    machine: blogScheduleMachine,
    events: [{ type: "schedule.set" }, { type: "schedule.cancel" }, { type: "schedule.fallDue" }, { type: "schedule.blogDeleted" }],
    unreachable: {
      // Setting it again moves the time or replaces the changes: the schedule stays pending.
      "blogSchedule.pending --schedule.set--> (self)": SELF_LOOP,
    },
  },
  "enquiry-access": {
    name: "enquiry access",
    machine: enquiryAccessMachine,
    events: [null, "User", "Lawyer", "Admin"].map((emailRole) => ({ type: "enquiry.sendAccess", emailRole })),
  },
  assignment: {
    name: "counsellor assignment",
    machine: assignmentMachine,
    events: [
      { type: "assignment.assign", counsellorApproved: true, counsellorAssignable: true, isClientThemself: false },
      { type: "assignment.assign", counsellorApproved: false, counsellorAssignable: true, isClientThemself: false },
      { type: "assignment.assign", counsellorApproved: true, counsellorAssignable: false, isClientThemself: false },
      { type: "assignment.assign", counsellorApproved: true, counsellorAssignable: true, isClientThemself: true },
    ],
  },
  account: {
    name: "account and password",
    machine: accountMachine,
    events: [
      { type: "account.setPasswordByLink", linkValid: true },
      { type: "account.setPasswordByLink", linkValid: false },
      { type: "account.changePassword", currentPasswordCorrect: true },
      { type: "account.changePassword", currentPasswordCorrect: false },
      { type: "account.signOutOtherDevices" },
      { type: "account.delete" },
    ],
    unreachable: { "account.active --account.signOutOtherDevices--> (self)": SELF_LOOP },
  },
}
