import { setup } from "xstate"
import { notAVendorStatus, type VendorStatus, vendorStatuses } from "../../api/contract/common.ts"

/**
 * The vendor approval status (spec section 4) as a pure machine, the one rule for both sides:
 * the console asks it which statuses to offer, the server asks it whether to accept a change
 * (409 otherwise). Under Review, Temp Approve and Reject may move to any other status; Approve is
 * final. Staying in the same status is not a change.
 */
export type VendorStatusEvent = { type: "status.change"; to: string }

const stateOf: Record<VendorStatus, string> = {
  "Under Review": "underReview",
  "Temp Approve": "tempApprove",
  Reject: "rejected",
  Approve: "approved",
}

const transitionTo = (status: VendorStatus) => ({ target: stateOf[status], guard: { type: "isTarget" as const, params: { status } } })
const others = (current: VendorStatus) => ({ "status.change": vendorStatuses.filter((s) => s !== current).map(transitionTo) })

export const vendorStatusMachine = setup({
  types: { events: {} as VendorStatusEvent },
  guards: {
    isTarget: ({ event }, params: { status: VendorStatus }) => event.to === params.status,
  },
}).createMachine({
  id: "vendorStatus",
  initial: "underReview",
  states: {
    underReview: { description: "A new vendor waits for an admin; may go to Approve, Temp Approve or Reject.", on: others("Under Review") },
    tempApprove: { description: "Temporarily approved; may go to Under Review, Approve or Reject.", on: others("Temp Approve") },
    rejected: { description: "Rejected (cannot sign in); may go to Under Review, Approve or Temp Approve.", on: others("Reject") },
    approved: { description: "Approved: final in this interface, the status menu no longer opens.", type: "final" },
  },
})

export const isVendorStatus = (value: string): value is VendorStatus => (vendorStatuses as readonly string[]).includes(value)

/** The state node of a status, e.g. to highlight it on the diagram. */
export const vendorStatusStateId = (status: VendorStatus): string => `vendorStatus.${stateOf[status]}`

/** Whether the machine accepts moving from `from` to `to`. */
export function canChangeStatus(from: VendorStatus, to: string): boolean {
  if (!isVendorStatus(to)) return false
  return vendorStatusMachine.resolveState({ value: stateOf[from], context: undefined }).can({ type: "status.change", to })
}

/** The statuses a vendor in `from` may move to, in the order of the spec's list. */
export const nextStatuses = (from: VendorStatus): VendorStatus[] => vendorStatuses.filter((to) => canChangeStatus(from, to))

/** Display order of the review lists' dropdowns (spec section 4: Temp Approve, Approve, Reject). */
const listOrder: readonly VendorStatus[] = ["Under Review", "Temp Approve", "Approve", "Reject"]

/**
 * The options of a review list's per-row dropdown: the row's current status plus where it may go,
 * except back to review (spec section 4: the Under Review list offers all four; the Temp Approve and
 * Rejected lists offer Temp Approve, Approve and Reject).
 */
export const reviewListOptions = (current: VendorStatus): VendorStatus[] =>
  listOrder.filter((s) => s === current || (s !== "Under Review" && canChangeStatus(current, s)))

/** Approve is final and Reject shuts the vendor out: both ask first, naming the vendor. */
export const needsConfirmation = (to: VendorStatus): to is "Approve" | "Reject" => to === "Approve" || to === "Reject"

/** The confirmation dialog of a status change that asks first. */
export function statusConfirmation(who: string | number, to: "Approve" | "Reject"): { title: string; question: string; confirmLabel: string } {
  // A name (one vendor's menu) or a count (the review lists' bulk bar): the same words either way.
  const many = typeof who === "number"
  const target = many ? `${who} vendor${who === 1 ? "" : "s"}` : who
  const title = (verb: string) => `${verb} ${many ? "vendors" : "vendor"}`
  const label = (verb: string) => (many ? `${verb} ${target}` : verb)
  return to === "Approve"
    ? {
        title: title("Approve"),
        question: `Approve ${target}? Approval is final: it cannot be undone, and their status can no longer be changed.`,
        confirmLabel: label("Approve"),
      }
    : {
        title: title("Reject"),
        question: `Reject ${target}? They are signed out and can no longer sign in until an admin changes their status.`,
        confirmLabel: label("Reject"),
      }
}

/** Why a change is refused, in words for a 409; null when the machine accepts it. */
export function refusalOf(from: VendorStatus, to: string): string | null {
  if (!isVendorStatus(to)) return notAVendorStatus(to)
  if (from === to) return `The vendor is already '${to}'.`
  if (from === "Approve") return "An approved vendor's status can no longer be changed."
  return canChangeStatus(from, to) ? null : `A vendor cannot move from '${from}' to '${to}'.`
}
