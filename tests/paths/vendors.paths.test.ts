import { ApiError } from "../../src/api/api-error.ts"
import type { Person } from "../../src/api/contract/account/user.ts"
import type { PersonListItem } from "../../src/api/contract/account/user.ts"
import { createReviewListMachine, reviewStatusChangesMachine } from "../../src/machines/vendors/review-list.machine.ts"
import { createRoleListMachine } from "../../src/machines/vendors/role-list.machine.ts"
import { vendorDetailsMachine } from "../../src/machines/vendors/vendor-details.machine.ts"
import { peopleCountsMachine } from "../../src/machines/dashboard/people-counts.machine.ts"
import { revealAccountNumberMachine } from "../../src/machines/vendors/reveal-account-number.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const row = (i: number, status: PersonListItem["status"]): PersonListItem => ({
  _id: `v${i}`,
  name: `Vendor ${i}`,
  email: `v${i}@example.com`,
  number: null,
  role: "Lawyer",
  status,
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
})

describeMachinePaths("review list (Under Review)", {
  machine: createReviewListMachine("pending"),
  input: {},
  events: [
    { type: "fetchPage.done", output: { rows: [row(1, "Under Review"), row(2, "Under Review")], total: 11 } },
    { type: "fetchPage.done", output: { rows: [], total: 2 } },
    { type: "fetchPage.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 2 },
    { type: "search.change", search: "zz" },
    { type: "url.changed", page: 2, search: "zz" },
    { type: "url.changed", page: 1, search: "" },
    { type: "list.reload" },
    { type: "size.change", size: 25 },
    { type: "column.toggle", column: "Email" },
    // Name and Date | Time order the list; its filters (the Role, issue 26's Joined days, each a filter of the one paged
    // list): a first day after the last is only set, never applied (the Role and days together: tests/unit).
    { type: "sort.change", sort: "name" },
    { type: "filter.change", field: "to", value: "2026-11-10" },
    { type: "filter.apply" },
    { type: "filter.set", field: "from", value: "2026-11-20" },
    { type: "filter.clear" },
  ],
})

describeMachinePaths("review list status changes", {
  machine: reviewStatusChangesMachine,
  input: undefined,
  events: [
    { type: "row.setStatus", row: row(1, "Under Review"), status: "Approve" },
    { type: "row.setStatus", row: row(2, "Under Review"), status: "Reject" },
    { type: "row.setStatus", row: row(2, "Under Review"), status: "Temp Approve" },
    { type: "status.confirm" },
    { type: "status.cancel" },
    { type: "updateStatus.done", output: { message: "User status updated successfully." } },
    { type: "updateStatus.error", error: new ApiError("http", 409, "Conflict", "The vendor is already 'Reject'.") },
  ],
})

describeMachinePaths("role list (Active ImageConsultants)", {
  machine: createRoleListMachine("ImageConsultant", "org-1"),
  // Opened from a link that names the first day joined, so a last day set before it reverses the range.
  input: { filters: { from: "2026-11-20", to: "" } },
  unreachable: {
    // Simple paths explode with the list's contexts; the step back is asserted in tests/unit/role-list.machine.test.ts.
    "roleList.ImageConsultant.loading --fetchPage.done--> roleList.ImageConsultant.loading":
      "reachable, but it lands on the very snapshot page.previous reaches in as few steps, so no shortest path takes it",
  },
  events: [
    { type: "fetchPage.done", output: { rows: [row(1, "Approve")], total: 11 } },
    { type: "fetchPage.done", output: { rows: [], total: 1 } },
    { type: "fetchPage.error", error: new ApiError("http", 500, "Server Error", "x") },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 2 },
    { type: "search.change", search: "ira" },
    { type: "url.changed", page: 2, search: "ira" },
    { type: "url.changed", page: 1, search: "" },
    { type: "list.reload" },
    { type: "size.change", size: 25 },
    { type: "column.toggle", column: "Email" },
    // Name and Date | Time order the list; the Joined days (issue 26): a last day before the first is only set, and
    // applied once the first day is cleared.
    { type: "sort.change", sort: "name" },
    { type: "filter.set", field: "to", value: "2026-11-10" },
    { type: "filter.change", field: "from", value: "" },
    { type: "filter.apply" },
    { type: "filter.clear" },
  ],
})

const vendor = (status: Person["status"]): Person => ({ ...row(1, status), AdditionalDetails: { briefBio: "Bio" } })

describeMachinePaths("vendor details", {
  machine: vendorDetailsMachine,
  input: { userId: "v1" },
  events: [
    { type: "fetchVendor.done", output: { vendor: vendor("Temp Approve"), certificate: null } },
    { type: "fetchVendor.done", output: { vendor: null, certificate: null } },
    { type: "fetchVendor.error", error: new ApiError("http", 404, "Not Found", "No vendor details found.") },
    { type: "fetchVendor.error", error: new ApiError("http", 500, "Server Error", "x") },
    { type: "vendor.reload" },
    { type: "menu.open" },
    { type: "menu.close" },
    { type: "status.select", status: "Temp Approve" },
    { type: "status.select", status: "Approve" },
    { type: "status.select", status: "Under Review" },
    { type: "status.confirm" },
    { type: "status.cancel" },
    { type: "updateStatus.done", output: { message: "User status updated successfully." } },
    { type: "updateStatus.error", error: new ApiError("http", 409, "Conflict", "An approved vendor's status can no longer be changed.") },
    { type: "tab.select", tab: "sessions" },
    { type: "tab.select", tab: "details" },
    { type: "tab.select", tab: "history" },
    { type: "fetchVendorSessions.done", output: [] },
    { type: "fetchVendorSessions.error", error: new Error("down") },
    { type: "fetchStatusHistory.done", output: [] },
    { type: "fetchStatusHistory.error", error: new ApiError("http", 500, "Server Error", "x") },
  ],
})

describeMachinePaths("dashboard people counts", {
  machine: peopleCountsMachine,
  events: [
    {
      type: "fetchCounts.done",
      output: {
        active: { Lawyer: 1, Counsellor: 1, Nutritionist: 1, YogaTeacher: 1, User: 1, ImageConsultant: 1 },
        underReview: 1,
        tempApprove: 1,
        rejected: 1,
        enquiries: 1,
      },
    },
    { type: "fetchCounts.error", error: new ApiError("network", 0, "", "x") },
    { type: "countUnassigned.done", output: null },
    { type: "countUnassigned.error", error: new Error("x") },
    { type: "counts.reload" },
  ],
})

describeMachinePaths("reveal an account number", {
  machine: revealAccountNumberMachine,
  events: [
    { type: "form.open", item: { _id: "v1" } },
    { type: "field.change", field: "reason", value: "Payout failed twice; checking the number with the bank" },
    { type: "field.change", field: "reason", value: "why" },
    { type: "form.submit" },
    { type: "form.close" },
    {
      type: "submit.done",
      output: { success: true, message: "Account number revealed. This was recorded in the access log.", data: { accountNumber: "123456789012" } },
    },
    { type: "submit.error", error: new ApiError("http", 404, "Not Found", "No account number on record.") },
    { type: "after.successShown" },
  ],
})
