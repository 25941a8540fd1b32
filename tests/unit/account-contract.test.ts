import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { addDays, availabilitySlots, SaveAvailabilityRequest } from "../../src/api/contract/availability/availability.ts"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import { PartnerSignupRequest } from "../../src/api/contract/partner/partner.ts"
import { SearchAnswer, SearchQuery } from "../../src/api/contract/search/search.ts"

const form = {
  role: "Lawyer",
  name: " Farah Khan ",
  email: "farah@example.org",
  number: "+919812345678",
  password: "Partner@123",
  confirmPassword: "Partner@123",
  address: "12 Hill Road",
  city: "Mumbai",
  pinCode: "400050",
  state: "Maharashtra",
  language: "English",
  experience: "6 years",
  preferredContactMethod: "Email",
  registrationNumber: "R-1",
  certificationName: "Bar Council Enrolment",
  issuingAuthority: "Bar Council of India",
  certificationNumber: "C-1",
  accountHolderName: "Farah Khan",
  bankName: "HDFC Bank",
  ifscCode: "HDFC0001234",
  accountNumber: "123456789",
}
const fails = (schema: Schema.Top, value: unknown) => () => decodeOrThrow(schema, value, "")

describe("availability slots (spec section 9)", () => {
  it("are 24 half-hours from 08:00 to 19:30, the last ending at 08:00 PM", () => {
    expect(availabilitySlots).toHaveLength(24)
    expect(availabilitySlots[0]).toBe("08:00")
    expect(availabilitySlots.at(-1)).toBe("19:30")
    expect(availabilitySlots).toContain("12:30")
  })

  it("adds days on the calendar across month and leap-year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29")
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01")
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28")
  })

  it("accept a save of days and a default, and name the bad field otherwise", () => {
    expect(decodeOrThrow(SaveAvailabilityRequest, { days: [{ date: "2030-01-01", slots: ["08:00", "19:30"] }], defaultSlots: null }, "")).toEqual({
      days: [{ date: "2030-01-01", slots: ["08:00", "19:30"] }],
      defaultSlots: null,
    })
    expect(fails(SaveAvailabilityRequest, { days: [{ date: "2030-01-01", slots: ["08:15"] }] })).toThrow(
      "days.0.slots.0: must be a 30-minute slot start from 08:00 to 19:30",
    )
    expect(fails(SaveAvailabilityRequest, { days: [{ date: "2030-02-29", slots: [] }] })).toThrow("days.0.date: must be a real calendar date")
  })
})

describe("partner sign-up form", () => {
  it("accepts the form, trimming text, with optional fields left out", () => {
    const decoded = decodeOrThrow(PartnerSignupRequest, form, "")
    expect(decoded.name).toBe("Farah Khan")
    expect(decoded.organizationName).toBeUndefined()
  })

  it.each([
    ["role", "Editor", "role:"],
    ["name", "   ", "name: is required"],
    ["name", "x".repeat(101), "name: must be at most 100 characters"],
    ["email", "farah@", "email: must be a valid email address"],
    ["accountNumber", "12-34", "accountNumber: must be 9 to 18 digits"],
    ["confirmPassword", "nope", "confirmPassword: must match password"],
  ])("rejects a bad %s naming it", (field, value, message) => {
    expect(fails(PartnerSignupRequest, { ...form, [field]: value })).toThrow(message)
  })
})

describe("search", () => {
  it("takes a trimmed query of 2 to 100 characters", () => {
    expect(decodeOrThrow(SearchQuery, { q: "  le " }, "")).toEqual({ q: "le" })
    expect(fails(SearchQuery, { q: "l" })).toThrow("q: must be at least 2 characters")
  })

  it("answers results that open a console path, not an outside address", () => {
    const result = { kind: "person", id: "a", title: "A", subtitle: "Lawyer", href: "/vendor-details/a" }
    expect(Schema.decodeUnknownSync(SearchAnswer)({ success: true, data: [result] }).data).toHaveLength(1)
    expect(fails(SearchAnswer, { success: true, data: [{ ...result, href: "//evil.example" }] })).toThrow("data.0.href: must be a console path")
    expect(fails(SearchAnswer, { success: true, data: [{ ...result, href: "https://evil.example" }] })).toThrow("must be a console path")
  })
})
