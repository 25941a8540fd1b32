import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { MyAvailability, SaveAvailabilityRequest } from "../../src/api/contract/availability/availability.ts"
import type { SearchResult } from "../../src/api/contract/search/search.ts"
import type { Person } from "../../src/api/contract/account/user.ts"
import { SEARCH_DEBOUNCE_MS, SEARCH_FAILED, headerSearchMachine } from "../../src/machines/search/header-search.machine.ts"
import { AVAILABILITY_SAVED, SAVED_MESSAGE_MS, myListingMachine } from "../../src/machines/availability/my-listing.machine.ts"
import { CERTIFICATE_REQUIRED, PASSWORDS_DIFFER, partnerSignupMachine } from "../../src/machines/partner/partner-signup.machine.ts"
import { completePartnerForm } from "./partner-form.ts"
import { PROFILE_FAILED, profileMachine } from "../../src/machines/account/profile.machine.ts"
import { DEFAULT_PARTNER_SIGNUP_URL, publicConfigMachine } from "../../src/machines/partner/public-config.machine.ts"
import { freeSlotsMachine, isFreeTime, slotTime } from "../../src/machines/counselling/free-slots.machine.ts"

const person: Person = {
  _id: "v1",
  name: "Leela Lawyer",
  email: "lawyer@demo.test",
  number: "9000000000",
  role: "Lawyer",
  status: "Approve",
  createdAt: "2026-01-01T00:00:00.000Z",
  organizationId: null,
  organizationName: null,
  DocumentDetails: { certificationImg: "0123456789abcdef0123456789abcdef.png" },
}
const http = (status: number, message: string) => new ApiError("http", status, "", message)

describe("profile machine", () => {
  const start = (loadProfile: () => Promise<Person>, loadCertificate = async () => new Blob(["png"])) => {
    const logout = vi.fn()
    const certificate = vi.fn(loadCertificate)
    const actor = createActor(
      profileMachine.provide({
        actors: { loadProfile: fromPromise(loadProfile), loadCertificate: fromPromise(certificate as never) },
        actions: { logout },
      }),
    ).start()
    return { actor, logout, certificate }
  }

  it("loads on entry, then fetches the certificate through its call", async () => {
    const { actor, certificate } = start(async () => person)
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: "certificateShown" }))
    expect(actor.getSnapshot().context.profile?.name).toBe("Leela Lawyer")
    expect((certificate.mock.calls[0] as unknown[])[0]).toMatchObject({ input: { userId: "v1" } })
    expect(actor.getSnapshot().context.certificate).toBeInstanceOf(Blob)
  })

  it("does not ask for a certificate that was never uploaded", async () => {
    const { actor, certificate } = start(async () => ({ ...person, DocumentDetails: { certificationImg: null } }))
    await waitFor(actor, (s) => s.matches({ ready: "noCertificate" }))
    expect(certificate).not.toHaveBeenCalled()
  })

  it.each(["Unauthorized", "Unauthorized access. Please log in."])("logs out on '%s'", async (message) => {
    const { actor, logout } = start(() => Promise.reject(http(403, message)))
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(logout).toHaveBeenCalledTimes(1)
  })

  it("shows 'Failed to fetch user profile.' on any other failure and can try again", async () => {
    let calls = 0
    const { actor, logout } = start(() => (++calls === 1 ? Promise.reject(http(500, "boom")) : Promise.resolve(person)))
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe(PROFILE_FAILED)
    expect(logout).not.toHaveBeenCalled()
    actor.send({ type: "profile.reload" })
    await waitFor(actor, (s) => s.matches("ready"))
  })

  it("keeps the profile when only the certificate fails", async () => {
    const { actor } = start(
      async () => person,
      () => Promise.reject(http(404, "No certification image.")),
    )
    await waitFor(actor, (s) => s.matches({ ready: "certificateFailed" }))
    expect(actor.getSnapshot().context.profile).not.toBeNull()
  })
})

describe("my listing machine", () => {
  const loaded: MyAvailability = {
    defaultSlots: null,
    days: [
      { date: "2026-03-02", slots: ["09:00", "09:30"], isDefault: false },
      { date: "2026-03-03", slots: [], isDefault: true },
    ],
  }
  const start = (save: (r: SaveAvailabilityRequest) => Promise<MyAvailability> = async () => loaded, load = async () => loaded) => {
    const clock = new SimulatedClock()
    const saved = vi.fn(({ input }: { input: SaveAvailabilityRequest }) => save(input))
    const actor = createActor(myListingMachine.provide({ actors: { loadAvailability: fromPromise(load), saveAvailability: fromPromise(saved) } }), {
      input: { today: "2026-03-02" },
      clock,
    }).start()
    return { actor, saved, clock }
  }

  it("shows 7 dates from today and the saved slots", async () => {
    const { actor } = start()
    await waitFor(actor, (s) => s.matches("editing"))
    const { context } = actor.getSnapshot()
    expect(context.dates).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"])
    expect(context.selectedDate).toBe("2026-03-02")
    expect(context.days["2026-03-02"]).toEqual(["09:00", "09:30"])
  })

  it("ticks per date, submits every date, shows the success message for 2 s", async () => {
    const { actor, saved, clock } = start()
    await waitFor(actor, (s) => s.matches("editing"))
    actor.send({ type: "date.select", date: "2026-03-03" })
    actor.send({ type: "slot.toggle", slot: "19:30" })
    actor.send({ type: "slot.toggle", slot: "08:00" })
    actor.send({ type: "availability.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("saved"))
    const request = (saved.mock.calls[0] as unknown as [{ input: SaveAvailabilityRequest }])[0].input
    expect(request.defaultSlots).toBeUndefined()
    expect(request.days).toHaveLength(7)
    expect(request.days[1]).toEqual({ date: "2026-03-03", slots: ["08:00", "19:30"] })
    expect(request.days[0]).toEqual({ date: "2026-03-02", slots: ["09:00", "09:30"] })
    expect(actor.getSnapshot().context.message).toEqual({ text: AVAILABILITY_SAVED, tone: "success" })
    clock.increment(SAVED_MESSAGE_MS)
    expect(actor.getSnapshot().matches("editing")).toBe(true)
    expect(actor.getSnapshot().context.message).toBeNull()
  })

  it("'Make as default for all dates' copies the date's slots to every date and sends them as the default", async () => {
    const { actor, saved } = start()
    await waitFor(actor, (s) => s.matches("editing"))
    actor.send({ type: "default.toggle" })
    actor.send({ type: "slot.toggle", slot: "12:00" })
    const { context } = actor.getSnapshot()
    for (const date of context.dates) expect(context.days[date]).toEqual(["09:00", "09:30", "12:00"])
    actor.send({ type: "availability.submit" })
    await waitFor(actor, (s) => s.matches("saved"))
    const request = (saved.mock.calls[0] as unknown as [{ input: SaveAvailabilityRequest }])[0].input
    expect(request.defaultSlots).toEqual(["09:00", "09:30", "12:00"])
  })

  it("keeps the ticks and shows the server's message when saving fails; ignores dates not shown", async () => {
    const { actor } = start(() => Promise.reject(http(400, "days.0.date: must not be in the past")))
    await waitFor(actor, (s) => s.matches("editing"))
    actor.send({ type: "date.select", date: "2027-01-01" })
    expect(actor.getSnapshot().context.selectedDate).toBe("2026-03-02")
    actor.send({ type: "slot.toggle", slot: "10:00" })
    actor.send({ type: "availability.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "days.0.date: must not be in the past", tone: "error" })
    expect(actor.getSnapshot().context.days["2026-03-02"]).toEqual(["09:00", "09:30", "10:00"])
  })

  it("says so when the saved slots cannot be loaded", async () => {
    const { actor } = start(undefined, () => Promise.reject(http(500, "x")))
    await waitFor(actor, (s) => s.matches("loadFailed"))
    expect(actor.getSnapshot().context.message?.text).toBe("Failed to load availability.")
  })
})

describe("free slots machine (the session forms' free times)", () => {
  const ask = { vendorId: "v1", date: "2026-03-02", clientId: "c1", exceptSessionId: null }
  it("waits without a counsellor or date, loads when both are given, and again only when something changes", async () => {
    const slot = { start: "2026-03-02T04:00:00.000Z", end: "2026-03-02T04:30:00.000Z" }
    const load = vi.fn(async () => ({ timeZone: "Asia/Kolkata", slots: [slot] }))
    const actor = createActor(freeSlotsMachine.provide({ actors: { loadFreeSlots: fromPromise(load as never) } }), { input: { ...ask, vendorId: "" } }).start()
    expect(actor.getSnapshot().matches("waiting")).toBe(true)
    actor.send({ type: "slots.show", ...ask })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ slots: [slot], vendorZone: "Asia/Kolkata" })
    actor.send({ type: "slots.show", ...ask })
    expect(load).toHaveBeenCalledTimes(1)
    actor.send({ type: "slots.show", ...ask, date: "2026-03-03" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(load).toHaveBeenCalledTimes(2)
    expect(isFreeTime([slot], "2026-03-02", slotTime(slot))).toBe(true)
    expect(isFreeTime([slot], "2026-03-02", "23:59")).toBe(false)
  })

  it("shows the server's message when the counsellor is unknown", async () => {
    const actor = createActor(freeSlotsMachine.provide({ actors: { loadFreeSlots: fromPromise(() => Promise.reject(http(404, "Vendor not found."))) } }), {
      input: ask,
    }).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Vendor not found.")
  })
})

describe("header search machine", () => {
  const results: SearchResult[] = [
    { kind: "person", id: "a", title: "Leela Lawyer", subtitle: "Lawyer", href: "/vendor-details/a" },
    { kind: "person", id: "b", title: "Leena Rao", subtitle: "User", href: "/vendor-details/b" },
  ]
  const start = (search: (q: string) => Promise<SearchResult[]> = async () => results) => {
    const clock = new SimulatedClock()
    const calls = vi.fn(({ input }: { input: { q: string } }) => search(input.q))
    const navigate = vi.fn()
    const actor = createActor(headerSearchMachine.provide({ actors: { search: fromPromise(calls) }, actions: { navigate: (_, p) => navigate(p) } }), {
      clock,
    }).start()
    return { actor, calls, navigate, clock }
  }

  it("waits for typing to pause 300 ms and sends one search for the last text", async () => {
    const { actor, calls, clock } = start()
    actor.send({ type: "query.change", value: "Le" })
    clock.increment(SEARCH_DEBOUNCE_MS - 1)
    actor.send({ type: "query.change", value: "Lee" })
    clock.increment(SEARCH_DEBOUNCE_MS - 1)
    expect(calls).not.toHaveBeenCalled()
    clock.increment(1)
    await waitFor(actor, (s) => s.matches("showing"))
    expect(calls).toHaveBeenCalledTimes(1)
    expect((calls.mock.calls[0] as unknown as [{ input: { q: string } }])[0].input.q).toBe("Lee")
    expect(actor.getSnapshot().context.results).toHaveLength(2)
  })

  it("does not search fewer than 2 characters and closes the list", () => {
    const { actor, calls, clock } = start()
    actor.send({ type: "query.change", value: " L " })
    clock.increment(1000)
    expect(calls).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches("idle")).toBe(true)
  })

  it("walks results with the arrows and opens the highlighted one with Enter", async () => {
    const { actor, navigate, clock } = start()
    actor.send({ type: "query.change", value: "Lee" })
    clock.increment(SEARCH_DEBOUNCE_MS)
    await waitFor(actor, (s) => s.matches("showing"))
    actor.send({ type: "result.choose" })
    expect(navigate).not.toHaveBeenCalled()
    actor.send({ type: "highlight.previous" })
    expect(actor.getSnapshot().context.highlighted).toBe(1)
    actor.send({ type: "highlight.next" })
    expect(actor.getSnapshot().context.highlighted).toBe(0)
    actor.send({ type: "result.choose" })
    expect(navigate).toHaveBeenCalledWith({ to: "/vendor-details/a" })
    expect(actor.getSnapshot().context.query).toBe("")
  })

  it("a newer query abandons the older search; a failure says so", async () => {
    let reject: (e: unknown) => void = () => {}
    const { actor, calls, clock } = start((q) => (q === "Le" ? new Promise((_, r) => (reject = r)) : Promise.reject(http(500, "x"))))
    actor.send({ type: "query.change", value: "Le" })
    clock.increment(SEARCH_DEBOUNCE_MS)
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    actor.send({ type: "query.change", value: "Lee" })
    reject(http(500, "late"))
    expect(actor.getSnapshot().matches("debouncing")).toBe(true)
    clock.increment(SEARCH_DEBOUNCE_MS)
    await waitFor(actor, (s) => s.matches("failed"))
    expect(calls).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.error).toBe(SEARCH_FAILED)
    actor.send({ type: "results.close" })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
  })
})

describe("partner sign-up machine", () => {
  const start = (signUp = async () => ({ success: true, message: "Thank you!", data: { _id: "p1", status: "Under Review" as const } })) => {
    const calls = vi.fn(signUp)
    const actor = createActor(partnerSignupMachine.provide({ actors: { submit: fromPromise(calls as never) } }), {
      input: { values: completePartnerForm },
    }).start()
    return { actor, calls }
  }

  it("refuses different passwords and a missing certificate before any call, next to their fields", () => {
    const { actor, calls } = start()
    actor.send({ type: "field.change", field: "confirmPassword", value: "Partner@124" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ confirmPassword: PASSWORDS_DIFFER, certificationImg: CERTIFICATE_REQUIRED })
    expect(actor.getSnapshot().context.focus?.field).toBe("confirmPassword")
    expect(calls).not.toHaveBeenCalled()
  })

  it("checks every field with the contract's rule before any call", () => {
    const { actor, calls } = start()
    actor.send({ type: "field.change", field: "pinCode", value: "4110" })
    actor.send({ type: "field.change", field: "ifscCode", value: "HDFC1234" })
    actor.send({ type: "file.change", file: new File(["png"], "cert.png", { type: "image/png" }) })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({
      pinCode: "Pin Code must be a 6-digit pin code.",
      ifscCode: "IFSC Code must be an 11-character IFSC code (e.g. HDFC0001234).",
    })
    expect(calls).not.toHaveBeenCalled()
  })

  it("sends every field and the image, then shows the server's thank-you", async () => {
    const { actor, calls } = start()
    const file = new File(["png"], "cert.png", { type: "image/png" })
    actor.send({ type: "file.change", file })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect((calls.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toMatchObject({
      values: { email: "p@example.org" },
      files: { certificationImg: file },
    })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Thank you!", tone: "success" })
  })

  it("keeps every input on failure and puts a refusal that names a field next to it, by its label", async () => {
    const { actor } = start(() => Promise.reject(http(400, "pinCode: must be a 6-digit pin code")))
    actor.send({ type: "file.change", file: new File(["png"], "cert.png", { type: "image/png" }) })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.errors["pinCode"] !== undefined)
    expect(actor.getSnapshot().context.errors["pinCode"]).toBe("Pin Code must be a 6-digit pin code.")
    expect(actor.getSnapshot().context.message).toBeNull()
    expect(actor.getSnapshot().context.values["email"]).toBe("p@example.org")
    expect(actor.getSnapshot().context.files["certificationImg"]?.file).not.toBeNull()
  })

  it("shows a refusal that names no field at the top", async () => {
    const { actor } = start(() => Promise.reject(http(409, "An account with this email already exists.")))
    actor.send({ type: "file.change", file: new File(["png"], "cert.png", { type: "image/png" }) })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "An account with this email already exists.", tone: "error" })
  })
})

describe("public config machine", () => {
  it("points 'Sign up here' where the server says, or at this console's page when it cannot tell", async () => {
    const ok = createActor(
      publicConfigMachine.provide({
        actors: { loadConfig: fromPromise(async () => ({ partnerSignupUrl: "https://partners.example.org", sessionNoticeHours: 6 })) },
      }),
    ).start()
    expect(ok.getSnapshot().context.partnerSignupUrl).toBe(DEFAULT_PARTNER_SIGNUP_URL)
    await waitFor(ok, (s) => s.matches("loaded"))
    expect(ok.getSnapshot().context.partnerSignupUrl).toBe("https://partners.example.org")
    expect(ok.getSnapshot().context.sessionNoticeHours).toBe(6)
    const down = createActor(publicConfigMachine.provide({ actors: { loadConfig: fromPromise(() => Promise.reject(http(500, "x"))) } })).start()
    await waitFor(down, (s) => s.matches("unavailable"))
    expect(down.getSnapshot().context.partnerSignupUrl).toBe("/partner-signup")
  })
})
