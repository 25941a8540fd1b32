import { describe, expect, it } from "vitest"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import { CounsellingEnquiryListAnswer, NewCounsellingEnquiry } from "../../src/api/contract/counselling/counselling-enquiry.ts"
import {
  CreateSessionRequest,
  SessionListAnswer,
  sessionInstant,
  SessionListQuery,
  UpdateSessionRequest,
} from "../../src/api/contract/counselling/counselling-session.ts"
import { AssignCounsellorRequest, CounsellingDetailsAnswer, UnassignedUsersAnswer } from "../../src/api/contract/counselling/counselling-user.ts"

const intake = {
  name: "Meera",
  email: "meera@example.org",
  number: "+91 98765 43210",
  age: 28,
  question1: "Anxiety",
  otherQuestion1: null,
  question2: "Other",
  otherQuestion2: "Tried an app",
  dateTime: "2030-01-15T10:30:00+05:30",
}
const session = {
  _id: "s1",
  userId: "u1",
  counsellorId: "c1",
  name: "Meera",
  email: "meera@example.org",
  number: null,
  counsellor: { name: "Chetan", role: "Counsellor" },
  counsellorName: "Chetan",
  counsellorRole: "Counsellor",
  status: "upcoming",
  topic: "Sleep",
  agenda: "Routine",
  note: null,
  duration: 60,
  meetingKey: "Counsellingabc",
  dateTime: "2030-01-15T05:00:00.000Z",
  joinLink: "https://meet.jit.si/Counsellingabc",
  startLink: "https://meet.jit.si/Counsellingabc",
  bookingAge: 28,
  createdAt: "2030-01-01T00:00:00.000Z",
  state: "scheduled",
  stateReason: null,
  cancelledLate: false,
  rescheduleWish: null,
}
const fails = (schema: Parameters<typeof decodeOrThrow>[0], value: unknown) => {
  try {
    decodeOrThrow(schema, value, "")
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("decoded")
}

describe("counselling contract", () => {
  it("accepts the marketing site's intake form and trims text", () => {
    expect(decodeOrThrow(NewCounsellingEnquiry, { ...intake, name: "  Meera  " }, "").name).toBe("Meera")
  })

  it.each([
    ["email", "x@", /^email: /],
    ["age", 130, /^age: must be between 1 and 120/],
    ["age", 20.5, /^age: must be a whole number/],
    ["number", "abc", /^number: must be a phone number/],
    ["dateTime", "2030-01-15", /^dateTime: must be an ISO date-time with a zone/],
    ["question1", " ", /^question1: is required/],
  ])("refuses an intake whose %s is %o, naming the field", (field, value, message) => {
    expect(fails(NewCounsellingEnquiry, { ...intake, [field]: value })).toMatch(message)
  })

  it("accepts the spec's plain HH:mm, alone or with a time zone, and reads it in that zone", () => {
    expect(decodeOrThrow(UpdateSessionRequest, { date: "2030-03-31", time: "10:00", topic: "t", agenda: "a", duration: 30 }, "").time).toBe("10:00")
    expect(
      decodeOrThrow(
        CreateSessionRequest,
        { userId: "u", counsellorId: "c", date: "2030-06-01", time: "10:00", timeZone: "Asia/Kolkata", topic: "t", agenda: "a", duration: 30 },
        "",
      ).timeZone,
    ).toBe("Asia/Kolkata")
    expect(sessionInstant("2030-06-01", "10:00", "Asia/Kolkata").toISOString()).toBe("2030-06-01T04:30:00.000Z")
    expect(sessionInstant("2030-06-01", "10:00").toISOString()).toBe("2030-06-01T10:00:00.000Z")
    expect(sessionInstant("2030-06-01", "10:00+02:00", "Asia/Kolkata").toISOString()).toBe("2030-06-01T08:00:00.000Z")
    // Either side of Europe's autumn change, and New York's spring gap (02:30 does not exist: 03:30 EDT).
    expect(sessionInstant("2030-10-27", "03:30", "Europe/Berlin").toISOString()).toBe("2030-10-27T02:30:00.000Z")
    expect(sessionInstant("2030-10-27", "01:30", "Europe/Berlin").toISOString()).toBe("2030-10-26T23:30:00.000Z")
    expect(sessionInstant("2030-03-10", "02:30", "America/New_York").toISOString()).toBe("2030-03-10T07:30:00.000Z")
  })

  it("accepts the spec's create and update payloads with the zone offset in `time`", () => {
    const create = decodeOrThrow(
      CreateSessionRequest,
      { userId: "u", counsellorId: "c", date: "2030-03-31", time: "14:30+05:30", topic: " Sleep ", agenda: "a", duration: 45, note: null },
      "",
    )
    expect(create.topic).toBe("Sleep")
    expect(decodeOrThrow(UpdateSessionRequest, { date: "2030-03-31", time: "09:00Z", topic: "t", agenda: "a", duration: 30 }, "").note).toBeUndefined()
  })

  it.each([
    [{ date: "2030-02-29" }, /^date: must be a real calendar date/],
    [{ time: "9:00" }, /^time: must be a time \(HH:mm\)/],
    [{ time: "09:00", timeZone: "Nowhere/Special" }, /^timeZone: must be a time zone name such as Asia\/Kolkata/],
    [{ duration: 4 }, /^duration: must be between 5 and 480 minutes/],
    [{ duration: "45" }, /^duration: Expected number/],
    [{ topic: "" }, /^topic: is required/],
  ])("refuses a session payload with %o, naming the field", (bad, message) => {
    expect(fails(UpdateSessionRequest, { date: "2030-03-31", time: "09:00Z", topic: "t", agenda: "a", duration: 30, ...bad })).toMatch(message)
  })

  it("turns date + time-with-offset into one UTC instant", () => {
    expect(sessionInstant("2030-03-31", "14:30+05:30").toISOString()).toBe("2030-03-31T09:00:00.000Z")
    expect(sessionInstant("2030-03-31", "09:00Z").toISOString()).toBe("2030-03-31T09:00:00.000Z")
  })

  it("decodes the list answers of spec section 7 and refuses one missing a field", () => {
    expect(
      decodeOrThrow(SessionListAnswer, { success: true, data: { counsellingSessions: [session] }, totalRecords: 1, totalPages: 1, currentPage: 1 }, "").data
        .counsellingSessions[0]!.status,
    ).toBe("upcoming")
    expect(
      fails(SessionListAnswer, {
        success: true,
        data: { counsellingSessions: [{ ...session, status: "cancelled" }] },
        totalRecords: 1,
        totalPages: 1,
        currentPage: 1,
      }),
    ).toMatch(/^data\.counsellingSessions\.0\.status: /)
    const enquiry = { ...intake, _id: "e1", age: 28, dateTime: "2030-01-15T05:00:00.000Z", createdAt: "2030-01-01T00:00:00.000Z", isAccessSend: false }
    expect(
      decodeOrThrow(CounsellingEnquiryListAnswer, { success: true, data: { enquiry: [enquiry] }, totalRecords: 1, totalPages: 1, currentPage: 1 }, "").data
        .enquiry,
    ).toHaveLength(1)
    expect(
      fails(CounsellingEnquiryListAnswer, {
        success: true,
        data: { enquiry: [{ ...enquiry, isAccessSend: "no" }] },
        totalRecords: 1,
        totalPages: 1,
        currentPage: 1,
      }),
    ).toMatch(/^data\.enquiry\.0\.isAccessSend: /)
    const user = { _id: "u1", name: "Meera", email: "m@x.io", number: null, createdAt: "2030-01-01T00:00:00.000Z", enquiry: null }
    expect(
      decodeOrThrow(UnassignedUsersAnswer, { success: true, data: { data: [user] }, totalRecords: 1, totalPages: 1, currentPage: 1 }, "").data.data[0]!.enquiry,
    ).toBeNull()
    expect(
      fails(CounsellingDetailsAnswer, {
        success: true,
        data: { _id: "u", name: "n", email: "e", role: "User", number: null, counsellorId: null, counsellorName: null },
      }),
    ).toMatch(/^data\.counsellorRole: is required/)
  })

  it("requires a counsellorId to assign, and only upcoming|past as a session filter", () => {
    expect(fails(AssignCounsellorRequest, {})).toBe("counsellorId: is required")
    expect(decodeOrThrow(SessionListQuery, { page: "1", limit: "5000", status: "past" }, "")).toEqual({ page: 1, limit: 5000, status: "past" })
    expect(fails(SessionListQuery, { status: "soon" })).toMatch(/^status: /)
  })
})
