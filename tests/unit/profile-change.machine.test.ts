import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { ProfileChange, ProfileChangeDecisionAnswer } from "../../src/api/contract/vendors/profile-change.ts"
import { NO_PENDING_CHANGE } from "../../src/api/contract/vendors/profile-change.ts"
import { profileChangeMachine } from "../../src/machines/vendors/profile-change.machine.ts"
import { valuesOf } from "../../src/machines/account/profile-edit.machine.ts"

const change = (status: ProfileChange["status"] = "pending"): ProfileChange => ({
  _id: "c1",
  vendorId: "v1",
  status,
  lines: [
    { field: "bankName", label: "Bank Name", approved: "HDFC Bank", proposed: "Axis Bank" },
    { field: "accountNumber", label: "Account Number", approved: "••••6789", proposed: "••••0001" },
  ],
  reason: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
  decidedAt: null,
})

/** The machine for an Admin (a vendor id) or the vendor themself (null), its calls recorded and answered. */
function started(vendorId: string | null, answers: { approve?: () => Promise<ProfileChangeDecisionAnswer> } = {}) {
  const calls: string[] = []
  let current: ProfileChange | null = change()
  const decided = (status: ProfileChange["status"]) => async () => {
    current = { ...change(status), decidedAt: "2026-12-01T11:00:00.000Z" }
    return { success: true, message: `${status}.`, data: current }
  }
  let decisions = 0
  const actor = createActor(
    profileChangeMachine.provide({
      actors: {
        loadChange: fromPromise(async () => {
          calls.push("load")
          return { change: current, image: null as Blob | null }
        }),
        approve: fromPromise(async () => {
          calls.push("approve")
          return (answers.approve ?? decided("approved"))()
        }),
        withdraw: fromPromise(async () => {
          calls.push("withdraw")
          return decided("withdrawn")()
        }),
      },
      actions: { decided: () => void decisions++ },
    }),
    { input: { vendorId } },
  ).start()
  return { actor, calls, decisions: () => decisions }
}

describe("profile change machine", () => {
  it("lets an Admin approve only after asking, then loads the change again and tells the page", async () => {
    const { actor, calls, decisions } = started("v1")
    await waitFor(actor, (s) => s.matches("shown"))
    expect(actor.getSnapshot().can({ type: "change.withdraw" })).toBe(false)
    actor.send({ type: "change.approve" })
    expect(actor.getSnapshot().matches({ shown: "confirmingApprove" })).toBe(true)
    actor.send({ type: "confirm.no" })
    expect(calls).toEqual(["load"])
    actor.send({ type: "change.approve" })
    actor.send({ type: "confirm.yes" })
    await waitFor(actor, (s) => s.matches("shown") && s.context.change?.status === "approved")
    expect(calls).toEqual(["load", "approve", "load"])
    expect(decisions()).toBe(1)
    expect(actor.getSnapshot().context.message).toEqual({ text: "approved.", tone: "success" })
    // Nothing pending any more: nothing to approve.
    expect(actor.getSnapshot().can({ type: "change.approve" })).toBe(false)
  })

  it("says a refusal (another Admin decided meanwhile) and loads the change again", async () => {
    const { actor, calls, decisions } = started("v1", { approve: () => Promise.reject(new ApiError("http", 409, "Conflict", NO_PENDING_CHANGE)) })
    await waitFor(actor, (s) => s.matches("shown"))
    actor.send({ type: "change.approve" })
    actor.send({ type: "confirm.yes" })
    await waitFor(actor, (s) => s.matches("shown") && calls.length === 3)
    expect(actor.getSnapshot().context.message).toEqual({ text: NO_PENDING_CHANGE, tone: "error" })
    expect(decisions()).toBe(0)
  })

  it("lets the vendor withdraw after asking, and never approve", async () => {
    const { actor, calls } = started(null)
    await waitFor(actor, (s) => s.matches("shown"))
    expect(actor.getSnapshot().can({ type: "change.approve" })).toBe(false)
    actor.send({ type: "change.withdraw" })
    expect(actor.getSnapshot().matches({ shown: "confirmingWithdraw" })).toBe(true)
    actor.send({ type: "confirm.yes" })
    await waitFor(actor, (s) => s.matches("shown") && s.context.change?.status === "withdrawn")
    expect(calls).toEqual(["load", "withdraw", "load"])
  })
})

describe("the profile form's values", () => {
  it("show what a pending change asks for, and never an account number (answers only mask it)", () => {
    const values = valuesOf({
      profile: {
        _id: "v1",
        name: "Vikram",
        email: "v@example.org",
        number: "9812345678",
        role: "Lawyer",
        status: "Approve",
        createdAt: "2026-01-01T00:00:00.000Z",
        organizationId: null,
        organizationName: null,
        city: "Pune",
        AccountDetails: { bankName: "HDFC Bank", accountNumber: "••••6789" },
        DocumentDetails: { expirationDate: "2028-03-31T00:00:00.000Z" },
      },
      change: change(),
    })
    expect(values).toMatchObject({ name: "Vikram", city: "Pune", bankName: "Axis Bank", accountNumber: "", expirationDate: "2028-03-31", organizationName: "" })
  })
})
