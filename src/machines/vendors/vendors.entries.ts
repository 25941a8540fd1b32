import { updateUserStatus } from "../../api/contract/vendors/vendors.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { bulkStatusMachine } from "./bulk-status.machine.ts"
import { createReviewListMachine, reviewStatusChangesMachine } from "./review-list.machine.ts"
import { revealAccountNumberMachine } from "./reveal-account-number.machine.ts"
import { createRoleListMachine } from "./role-list.machine.ts"
import { vendorDetailsMachine } from "./vendor-details.machine.ts"
import { vendorStatusMachine } from "./vendor-status.machine.ts"
import { profileChangeMachine } from "./profile-change.machine.ts"
import { onboardingMachine } from "./onboarding.machine.ts"
import { rejectProfileChangeMachine } from "./reject-profile-change.machine.ts"

/** The vendors' machines as the diagrams show them; the registry takes them as they are. */
export const vendorEntries: MachineEntry[] = [
  {
    id: "vendor-status",
    workflow: true,
    title: "Vendor approval status",
    summary: "Under Review, Temp Approve and Reject can move to any other status; Approve is final. The server refuses any other change with 409.",
    machine: vendorStatusMachine,
    firedBy: { "status.change": updateUserStatus },
  },
  {
    id: "vendor-details",
    title: "Vendor Details",
    summary: "A vendor's details, sessions and status history; the status menu offers the three other statuses and no menu once Approved.",
    machine: vendorDetailsMachine,
  },
  {
    id: "reveal-account-number",
    title: "Reveal an account number",
    summary:
      "Every answer shows a bank account number's last 4 digits; an Admin who gives a reason sees the whole number for a minute, and the reveal is written to the access log first.",
    machine: revealAccountNumberMachine,
    delayLabels: { successShown: "1 min" },
  },
  {
    id: "profile-change",
    title: "Profile change under review",
    summary:
      "A vendor's change to approved fields, beside the approved values: the Admin approves it (asked first) or rejects it with a reason; the vendor withdraws it (asked first) or reads the last decision.",
    machine: profileChangeMachine,
  },
  {
    id: "onboarding",
    title: "Onboarding checklist",
    summary: "A vendor's checklist on their dashboard: profile complete, documents uploaded, bank details, availability set; each done, under review or to do.",
    machine: onboardingMachine,
  },
  {
    id: "reject-profile-change",
    title: "Reject a profile change",
    summary: "The Admin's reason for rejecting a vendor's profile change, required and mailed to the vendor; the dialog closes a second after.",
    machine: rejectProfileChangeMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "review-list",
    title: "Under Review list",
    summary: "Under Review, Temp Approve and Rejected lists: the one paged list, reloaded when the vendors change.",
    machine: createReviewListMachine("pending"),
  },
  {
    id: "review-status-changes",
    file: "review-list",
    title: "Review list status changes",
    summary:
      "A per-row status dropdown on the review lists: Approve and Reject asked first, changes queued and sent in turn, the row disabled while it updates, the list reloaded once all are answered.",
    machine: reviewStatusChangesMachine,
  },
  {
    id: "bulk-status",
    title: "Review list bulk status change",
    summary:
      "Vendors chosen on a review list move together to Temp Approve, Approve or Reject (Approve and Reject asked first), each through the vendor-status rule; a summary names who moved and who was refused and why, with Undo for 5 seconds except after Approve.",
    machine: bulkStatusMachine,
    delayLabels: { undoWindow: "5 s" },
  },
  {
    id: "role-list",
    title: "Role list",
    summary: "Active people of one role (Lawyers shown), paged by 10.",
    machine: createRoleListMachine("Lawyer", null),
  },
]
