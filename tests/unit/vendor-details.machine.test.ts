import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { Person } from "../../src/api/contract/account/user.ts"
import type { StatusChange } from "../../src/api/contract/vendors/vendor.ts"
import { menuStatuses, vendorDetailsMachine, type LoadedVendor, type VendorSession } from "../../src/machines/vendors/vendor-details.machine.ts"

const vendor = (status: Person["status"], role: Person["role"] = "Counsellor"): Person => ({
  _id: "v1",
  name: "Chetan Counsellor",
  email: "c@example.com",
  number: null,
  role,
  status,
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
})

const session: VendorSession = {
  _id: "s1",
  name: "Uma User",
  email: "user@demo.test",
  topic: "Managing work stress",
  dateTime: "2026-12-01T10:00:00.000Z",
  status: "upcoming",
}

const change: StatusChange = { at: "2026-11-01T10:00:00.000Z", actorId: "a1", actorName: "Asha Admin", from: "Under Review", to: "Temp Approve" }

function start(options: { loads?: Array<() => Promise<LoadedVendor>>; update?: () => Promise<{ message: string }> } = {}) {
  const loads = [...(options.loads ?? [async () => ({ vendor: vendor("Under Review"), certificate: null })])]
  const fetchVendor = vi.fn(() => (loads.length > 1 ? loads.shift()! : loads[0]!)())
  const updateStatus = vi.fn(options.update ?? (async () => ({ message: "User status updated successfully." })))
  const fetchStatusHistory = vi.fn(async () => [change])
  const fetchVendorSessions = vi.fn(async (): Promise<VendorSession[]> => [session])
  const notify = vi.fn()
  const actor = createActor(
    vendorDetailsMachine.provide({
      actors: {
        fetchVendor: fromPromise(fetchVendor),
        updateStatus: fromPromise(updateStatus as never),
        fetchStatusHistory: fromPromise(fetchStatusHistory),
        fetchVendorSessions: fromPromise(fetchVendorSessions),
      },
      actions: { notify: (_, params) => notify(params) },
    }),
    { input: { userId: "v1" } },
  ).start()
  return { actor, fetchVendor, updateStatus, notify }
}

const ready = (actor: ReturnType<typeof start>["actor"]) =>
  waitFor(actor, (s) => s.matches("ready") && s.matches({ ready: { history: "loaded", sessions: "loaded" } }))

describe("vendor details machine", () => {
  it("shows the vendor, its history and its sessions", async () => {
    const { actor } = start()
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await ready(actor)
    const { context } = actor.getSnapshot()
    expect(context.vendor?.name).toBe("Chetan Counsellor")
    expect(context.history).toEqual([change])
    expect(context.sessions).toEqual([session])
    expect(actor.getSnapshot().matches({ ready: { tab: "details" } })).toBe(true)
    actor.send({ type: "tab.select", tab: "sessions" })
    expect(actor.getSnapshot().matches({ ready: { tab: "sessions" } })).toBe(true)
  })

  it("offers the three other statuses, and nothing once Approve", () => {
    expect(menuStatuses(vendor("Under Review"))).toEqual(["Approve", "Temp Approve", "Reject"])
    expect(menuStatuses(vendor("Temp Approve"))).toEqual(["Under Review", "Approve", "Reject"])
    expect(menuStatuses(vendor("Reject"))).toEqual(["Under Review", "Approve", "Temp Approve"])
    expect(menuStatuses(vendor("Approve"))).toEqual([])
    expect(menuStatuses(vendor("Under Review", "User"))).toEqual([])
  })

  it("does not open the menu once the status is Approve", async () => {
    const { actor } = start({ loads: [async () => ({ vendor: vendor("Approve"), certificate: null })] })
    await ready(actor)
    actor.send({ type: "menu.open" })
    expect(actor.getSnapshot().matches({ ready: { menu: "closed" } })).toBe(true)
  })

  it("choosing the current status only closes the menu", async () => {
    const { actor, updateStatus } = start()
    await ready(actor)
    actor.send({ type: "menu.open" })
    expect(actor.getSnapshot().matches({ ready: { menu: "open" } })).toBe(true)
    actor.send({ type: "status.select", status: "Under Review" })
    expect(actor.getSnapshot().matches({ ready: { menu: "closed" } })).toBe(true)
    expect(updateStatus).not.toHaveBeenCalled()
  })

  it("Cancel in the confirmation sends nothing; Temp Approve does not ask", async () => {
    const { actor, updateStatus } = start()
    await ready(actor)
    actor.send({ type: "menu.open" })
    actor.send({ type: "status.select", status: "Reject" })
    actor.send({ type: "status.cancel" })
    expect(actor.getSnapshot().matches({ ready: { menu: "closed" } })).toBe(true)
    expect(actor.getSnapshot().context.chosenStatus).toBeNull()
    actor.send({ type: "menu.open" })
    actor.send({ type: "status.select", status: "Temp Approve" })
    expect(actor.getSnapshot().hasTag("updating")).toBe(true)
    expect((updateStatus.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual({ userId: "v1", status: "Temp Approve", organizationId: "org-1" })
  })

  it("sends the change, then reloads the vendor and its history", async () => {
    const { actor, updateStatus, fetchVendor, notify } = start({
      loads: [async () => ({ vendor: vendor("Under Review"), certificate: null }), async () => ({ vendor: vendor("Approve"), certificate: null })],
    })
    await ready(actor)
    actor.send({ type: "menu.open" })
    actor.send({ type: "status.select", status: "Approve" })
    // Approve is final: it asks first, and nothing is sent until confirmed.
    expect(actor.getSnapshot().matches({ ready: { menu: "confirming" } })).toBe(true)
    expect(updateStatus).not.toHaveBeenCalled()
    actor.send({ type: "status.confirm" })
    expect(actor.getSnapshot().hasTag("updating")).toBe(true)
    expect((updateStatus.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual({ userId: "v1", status: "Approve", organizationId: "org-1" })
    await waitFor(actor, (s) => s.matches("ready") && s.context.vendor?.status === "Approve")
    expect(fetchVendor).toHaveBeenCalledTimes(2)
    expect(notify).toHaveBeenCalledWith({ text: "User status updated successfully.", tone: "success" })
    actor.send({ type: "menu.open" })
    expect(actor.getSnapshot().matches({ ready: { menu: "closed" } })).toBe(true)
  })

  it("shows 'Error updating status: {reason}' when the change fails", async () => {
    const { actor } = start({ update: () => Promise.reject(new ApiError("http", 409, "Conflict", "The vendor is already 'Reject'.")) })
    await ready(actor)
    actor.send({ type: "menu.open" })
    actor.send({ type: "status.select", status: "Reject" })
    actor.send({ type: "status.confirm" })
    await waitFor(actor, (s) => s.context.statusError !== null)
    expect(actor.getSnapshot().context.statusError).toBe("Error updating status: The vendor is already 'Reject'.")
    expect(actor.getSnapshot().matches({ ready: { menu: "closed" } })).toBe(true)
  })

  it("says 'No vendor details found.' for an empty answer or a 404, and the fetch failure otherwise", async () => {
    const empty = start({ loads: [async () => ({ vendor: null, certificate: null })] })
    await waitFor(empty.actor, (s) => s.matches("notFound"))
    const missing = start({ loads: [() => Promise.reject(new ApiError("http", 404, "Not Found", "No vendor details found."))] })
    await waitFor(missing.actor, (s) => s.matches("notFound"))
    const broken = start({ loads: [() => Promise.reject(new ApiError("http", 500, "Server Error", "x"))] })
    await waitFor(broken.actor, (s) => s.matches("failed"))
    expect(broken.actor.getSnapshot().context.error).toBe("Failed to fetch vendor details.")
  })

  it("reports a sessions failure with the spec's text", async () => {
    const actor = createActor(
      vendorDetailsMachine.provide({
        actors: {
          fetchVendor: fromPromise(async (): Promise<LoadedVendor> => ({ vendor: vendor("Reject"), certificate: null })),
          fetchStatusHistory: fromPromise(async (): Promise<StatusChange[]> => []),
          fetchVendorSessions: fromPromise((): Promise<VendorSession[]> => Promise.reject(new Error("down"))),
        },
      }),
      { input: { userId: "v1" } },
    ).start()
    await waitFor(actor, (s) => s.matches({ ready: { sessions: "failed" } }))
    expect(actor.getSnapshot().context.sessionsError).toBe("Something went wrong while fetching sessions.")
  })
})
