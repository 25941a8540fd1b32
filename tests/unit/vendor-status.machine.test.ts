import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import {
  canChangeStatus,
  nextStatuses,
  refusalOf,
  reviewListOptions,
  statusConfirmation,
  vendorStatusMachine,
} from "../../src/machines/vendors/vendor-status.machine.ts"

describe("vendor status machine", () => {
  it("lets Under Review, Temp Approve and Reject move to each other status", () => {
    expect(nextStatuses("Under Review")).toEqual(["Approve", "Temp Approve", "Reject"])
    expect(nextStatuses("Temp Approve")).toEqual(["Under Review", "Approve", "Reject"])
    expect(nextStatuses("Reject")).toEqual(["Under Review", "Approve", "Temp Approve"])
  })

  it("makes Approve final", () => {
    expect(nextStatuses("Approve")).toEqual([])
    for (const to of ["Under Review", "Temp Approve", "Reject"]) expect(canChangeStatus("Approve", to)).toBe(false)
    const actor = createActor(vendorStatusMachine).start()
    actor.send({ type: "status.change", to: "Approve" })
    expect(actor.getSnapshot().status).toBe("done")
  })

  it("refuses the same status and statuses outside the list", () => {
    expect(canChangeStatus("Reject", "Reject")).toBe(false)
    expect(canChangeStatus("Under Review", "Approved")).toBe(false)
    expect(canChangeStatus("Under Review", "")).toBe(false)
  })

  it("offers exactly the spec's dropdown options in each review list", () => {
    expect(reviewListOptions("Under Review")).toEqual(["Under Review", "Temp Approve", "Approve", "Reject"])
    expect(reviewListOptions("Temp Approve")).toEqual(["Temp Approve", "Approve", "Reject"])
    expect(reviewListOptions("Reject")).toEqual(["Temp Approve", "Approve", "Reject"])
  })

  it("explains every refusal in words for the 409", () => {
    expect(refusalOf("Approve", "Reject")).toBe("An approved vendor's status can no longer be changed.")
    expect(refusalOf("Temp Approve", "Temp Approve")).toBe("The vendor is already 'Temp Approve'.")
    expect(refusalOf("Reject", "Gone")).toBe("'Gone' is not a vendor status; use one of Under Review, Approve, Temp Approve, Reject.")
    expect(refusalOf("Under Review", "Approve")).toBeNull()
  })

  it("walks a vendor through review to approval", () => {
    const actor = createActor(vendorStatusMachine).start()
    for (const [to, state] of [
      ["Temp Approve", "tempApprove"],
      ["Reject", "rejected"],
      ["Under Review", "underReview"],
      ["Approve", "approved"],
    ] as const) {
      actor.send({ type: "status.change", to })
      expect(actor.getSnapshot().value).toBe(state)
    }
    actor.send({ type: "status.change", to: "Reject" })
    expect(actor.getSnapshot().value).toBe("approved")
  })
})

describe("asking before Approve and Reject", () => {
  it("names one vendor from their menu, and counts them from the bulk bar, in the same words", () => {
    expect(statusConfirmation("Asha Rao", "Approve")).toEqual({
      title: "Approve vendor",
      question: "Approve Asha Rao? Approval is final: it cannot be undone, and their status can no longer be changed.",
      confirmLabel: "Approve",
    })
    expect(statusConfirmation(2, "Approve")).toEqual({
      title: "Approve vendors",
      question: "Approve 2 vendors? Approval is final: it cannot be undone, and their status can no longer be changed.",
      confirmLabel: "Approve 2 vendors",
    })
    expect(statusConfirmation(1, "Reject")).toEqual({
      title: "Reject vendors",
      question: "Reject 1 vendor? They are signed out and can no longer sign in until an admin changes their status.",
      confirmLabel: "Reject 1 vendor",
    })
  })
})
