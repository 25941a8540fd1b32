import { createHash } from "node:crypto"
import type { AnyStateMachine } from "xstate"
import { accountMachine } from "../../../src/machines/account/account.machine.ts"
import { assignmentMachine } from "../../../src/machines/counselling/assignment.machine.ts"
import { blogScheduleMachine } from "../../../src/machines/blogs/blog-schedule.machine.ts"
import { blogStatusMachine } from "../../../src/machines/blogs/blog-status.machine.ts"
import { counsellingSessionMachine } from "../../../src/machines/counselling/counselling-session.machine.ts"
import { enquiryAccessMachine } from "../../../src/machines/counselling/enquiry-access.machine.ts"
import { ticketMachine } from "../../../src/machines/tickets/ticket.machine.ts"
import { vendorStatusMachine } from "../../../src/machines/vendors/vendor-status.machine.ts"
import { STATUS_CHANGED } from "../../db/repositories/status-history.repository.ts"

/**
 * The workflow definition that allows each kind of event, so every event records which version of its
 * workflow was in force (issue 25). The hash is of the machine's definition (states, transitions, guard
 * and action names, descriptions): the same source gives the same hash in development and in the build.
 */
const ACCOUNT_EVENTS = new Set(["user.passwordReset", "user.passwordChanged", "user.otherSessionsEnded", "user.deleted"])

const workflowOf = (type: string): AnyStateMachine | null => {
  if (type === STATUS_CHANGED) return vendorStatusMachine
  if (type.startsWith("counsellingSession.")) return counsellingSessionMachine
  if (type.startsWith("ticket.")) return ticketMachine
  if (type.startsWith("blog.")) return blogStatusMachine
  if (type.startsWith("blogSchedule.")) return blogScheduleMachine
  if (type === "counsellingEnquiry.accessSent") return enquiryAccessMachine
  if (type === "user.counsellorAssigned" || type === "user.counsellorChanged") return assignmentMachine
  if (ACCOUNT_EVENTS.has(type)) return accountMachine
  return null
}

const hashes = new Map<AnyStateMachine, string>()

/** A machine definition's hash: sha256 of its configuration as JSON (functions left out). */
export function workflowHash(machine: AnyStateMachine): string {
  let hash = hashes.get(machine)
  if (!hash) {
    hash = createHash("sha256").update(JSON.stringify(machine.config)).digest("hex")
    hashes.set(machine, hash)
  }
  return hash
}

/** The hash of the workflow that allows an event of this type; null for events no workflow governs (a sign-in, a setting). */
export const workflowHashOf = (type: string): string | null => {
  const machine = workflowOf(type)
  return machine ? workflowHash(machine) : null
}
