import { ApiError } from "../../src/api/api-error.ts"
import type { Person } from "../../src/api/contract/account/user.ts"
import { headerSearchMachine } from "../../src/machines/search/header-search.machine.ts"
import { myListingMachine } from "../../src/machines/availability/my-listing.machine.ts"
import { partnerSignupMachine } from "../../src/machines/partner/partner-signup.machine.ts"
import { completePartnerForm } from "../unit/partner-form.ts"
import { profileMachine } from "../../src/machines/account/profile.machine.ts"
import { publicConfigMachine } from "../../src/machines/partner/public-config.machine.ts"
import { freeSlotsMachine } from "../../src/machines/counselling/free-slots.machine.ts"
import { timeZoneMachine } from "../../src/machines/account/time-zone.machine.ts"
import { viewerZoneMachine } from "../../src/machines/account/viewer-zone.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const person = (certificationImg: string | null): Person => ({
  _id: "v1",
  name: "Leela Lawyer",
  email: "lawyer@demo.test",
  number: "9000000000",
  role: "Lawyer",
  status: "Approve",
  createdAt: "2026-01-01T00:00:00.000Z",
  organizationId: null,
  organizationName: null,
  DocumentDetails: { certificationImg },
})
const serverError = new ApiError("http", 500, "Internal Server Error", "An error occurred.")

describeMachinePaths("profile", {
  machine: profileMachine.provide({ actions: { logout: () => {} } }),
  events: [
    { type: "loadProfile.done", output: person("a.png") },
    { type: "loadProfile.done", output: person(null) },
    { type: "loadProfile.error", error: new ApiError("http", 401, "Unauthorized", "Unauthorized access. Please log in.") },
    { type: "loadProfile.error", error: serverError },
    { type: "loadCertificate.done", output: new Blob(["png"]) },
    { type: "loadCertificate.error", error: serverError },
    { type: "profile.reload" },
  ],
})

const day = (date: string, slots: string[]) => ({ date, slots, isDefault: false })
describeMachinePaths("my listing", {
  machine: myListingMachine,
  input: { today: "2026-03-02" },
  events: [
    { type: "loadAvailability.done", output: { defaultSlots: null, days: [day("2026-03-02", ["09:00"])] } },
    { type: "loadAvailability.error", error: serverError },
    { type: "availability.reload" },
    { type: "date.select", date: "2026-03-03" },
    { type: "date.select", date: "2026-04-30" },
    { type: "slot.toggle", slot: "08:00" },
    { type: "default.toggle" },
    { type: "availability.submit" },
    { type: "saveAvailability.done", output: { defaultSlots: null, days: [] } },
    { type: "saveAvailability.error", error: serverError },
    { type: "after.messageShown" },
  ],
})

describeMachinePaths("free times", {
  machine: freeSlotsMachine,
  input: { vendorId: "", date: "", clientId: null, exceptSessionId: null },
  events: [
    { type: "slots.show", vendorId: "v1", date: "2026-03-02", clientId: "c1", exceptSessionId: null },
    { type: "slots.show", vendorId: "v1", date: "", clientId: "c1", exceptSessionId: null },
    { type: "loadFreeSlots.done", output: { timeZone: "UTC", slots: [{ start: "2026-03-02T10:00:00.000Z", end: "2026-03-02T10:30:00.000Z" }] } },
    { type: "loadFreeSlots.error", error: new ApiError("http", 404, "Not Found", "Vendor not found.") },
  ],
})

describeMachinePaths("header search", {
  machine: headerSearchMachine.provide({ actions: { navigate: () => {} } }),
  events: [
    { type: "query.change", value: "Le" },
    { type: "query.change", value: "L" },
    { type: "after.debounce" },
    {
      type: "search.done",
      output: ["v1", "v2", "v3"].map((id) => ({ kind: "person", id, title: `Leela ${id}`, subtitle: "Lawyer", href: `/vendor-details/${id}` })),
    },
    { type: "search.done", output: [] },
    { type: "search.error", error: serverError },
    { type: "highlight.next" },
    { type: "highlight.previous" },
    { type: "result.choose" },
    { type: "result.choose", index: 0 },
    { type: "results.close" },
  ],
})

describeMachinePaths("partner sign-up", {
  machine: partnerSignupMachine,
  // Every field but the certificate filled in, as a partner would before choosing the file.
  input: { values: completePartnerForm },
  events: [
    { type: "field.change", field: "confirmPassword", value: "Partner@124" },
    { type: "field.change", field: "confirmPassword", value: "Partner@123" },
    { type: "file.change", file: new File(["png"], "cert.png", { type: "image/png" }) },
    { type: "form.submit" },
    { type: "submit.done", output: { success: true, message: "Thank you!", data: { _id: "p1", status: "Under Review" } } },
    { type: "submit.error", error: new ApiError("http", 409, "Conflict", "An account with this email already exists.") },
  ],
})

describeMachinePaths("public config", {
  machine: publicConfigMachine,
  events: [
    { type: "loadConfig.done", output: { partnerSignupUrl: "https://partners.example.org/join", sessionNoticeHours: 12 } },
    { type: "loadConfig.error", error: serverError },
  ],
})

describeMachinePaths("time zone", {
  machine: timeZoneMachine,
  input: { browserZone: "Asia/Kolkata" },
  events: [
    { type: "loadZone.done", output: null },
    { type: "loadZone.done", output: "Europe/Berlin" },
    { type: "loadZone.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "zone.retry" },
    { type: "zone.choose", zone: "Europe/Berlin" },
    { type: "zone.save" },
    { type: "saveZone.done", output: { timeZone: "Europe/Berlin", message: "Your time zone is now Europe/Berlin." } },
    { type: "saveZone.error", error: new ApiError("http", 400, "", "timeZone: must be a time zone name such as Asia/Kolkata") },
  ],
})

describeMachinePaths("viewer's clock", {
  machine: viewerZoneMachine,
  events: [
    { type: "zone.need", userId: "u1" },
    { type: "zone.need", userId: "u2" },
    { type: "loadZone.done", output: "Asia/Tokyo" },
    { type: "loadZone.done", output: null },
    { type: "loadZone.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "zone.saved", zone: "Europe/Berlin" },
  ],
})
