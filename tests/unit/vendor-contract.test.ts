import { describe, expect, it } from "vitest"
import { CreateEnquiryRequest, EnquiryListAnswer } from "../../src/api/contract/contact/contact.ts"
import { PeopleCountsAnswer } from "../../src/api/contract/dashboard/dashboard.ts"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import {
  CertificateAnswer,
  PeopleListAnswer,
  ReviewListParams,
  RoleListParams,
  RoleListQuery,
  StatusHistoryAnswer,
  UpdateUserStatusRequest,
  VendorDetailsAnswer,
} from "../../src/api/contract/vendors/vendor.ts"

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("expected a decode failure")
}

const row = {
  _id: "v1",
  name: "Leela Lawyer",
  email: "lawyer@demo.test",
  number: "9000000001",
  role: "Lawyer",
  status: "Approve",
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
}

describe("vendor contract", () => {
  it("accepts the six list roles as the :role param and names anything else", () => {
    for (const role of ["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "User", "ImageConsultant"])
      expect(decodeOrThrow(RoleListParams, { role }, "")).toEqual({ role })
    expect(failure(() => decodeOrThrow(RoleListParams, { role: "Admin" }, ""))).toMatch(/^role: Expected "Lawyer"/)
    expect(failure(() => decodeOrThrow(ReviewListParams, { kind: "approved" }, ""))).toMatch(/^kind: Expected "pending" \| "temp" \| "reject"/)
  })

  it("reads role-list paging and organizationId from the query string", () => {
    expect(decodeOrThrow(RoleListQuery, { page: "2", limit: "10", search: "ann", organizationId: "org-1" }, "")).toEqual({
      page: 2,
      limit: 10,
      search: "ann",
      organizationId: "org-1",
    })
    expect(failure(() => decodeOrThrow(RoleListQuery, { limit: "0" }, ""))).toBe("limit: Expected a value greater than or equal to 1")
  })

  it("accepts a people list answer (data and totalRecords) and names a bad row field", () => {
    expect(decodeOrThrow(PeopleListAnswer, { success: true, data: [row], totalRecords: 1 }, "").data[0]!.name).toBe("Leela Lawyer")
    expect(failure(() => decodeOrThrow(PeopleListAnswer, { success: true, data: [{ ...row, status: "Approved" }], totalRecords: 1 }, ""))).toMatch(
      /^data\.0\.status: /,
    )
    expect(failure(() => decodeOrThrow(PeopleListAnswer, { success: true, data: [] }, ""))).toBe("totalRecords: is required")
  })

  it("takes {status, organizationId, userId} for a status change, leaving the move to the machine", () => {
    expect(decodeOrThrow(UpdateUserStatusRequest, { status: " Approve ", organizationId: null, userId: "v1" }, "")).toEqual({
      status: "Approve",
      organizationId: null,
      userId: "v1",
    })
    // A status outside the list is bad input (400) like any other invalid value; the machine judges only moves (409).
    expect(failure(() => decodeOrThrow(UpdateUserStatusRequest, { status: "Approved", userId: "v1" }, ""))).toBe(
      "status: 'Approved' is not a vendor status; use one of Under Review, Approve, Temp Approve, Reject.",
    )
    expect(failure(() => decodeOrThrow(UpdateUserStatusRequest, { status: "Approve" }, ""))).toBe("userId: is required")
    expect(failure(() => decodeOrThrow(UpdateUserStatusRequest, { status: "", userId: "v1" }, ""))).toBe("status: is required")
  })

  it("reads vendor details as an array and history entries with from and to", () => {
    expect(decodeOrThrow(VendorDetailsAnswer, { success: true, data: [{ ...row, AdditionalDetails: { briefBio: "Bio" } }] }, "").data).toHaveLength(1)
    const change = { at: "2026-11-01T10:00:00.000Z", actorId: "a1", actorName: "Asha Admin", from: "Under Review", to: "Approve" }
    expect(decodeOrThrow(StatusHistoryAnswer, { success: true, data: [change] }, "").data[0]).toEqual(change)
    expect(failure(() => decodeOrThrow(StatusHistoryAnswer, { success: true, data: [{ ...change, to: "Done" }] }, ""))).toMatch(/^data\.0\.to: /)
  })

  it("accepts only image data URLs as certificates", () => {
    expect(decodeOrThrow(CertificateAnswer, { success: true, data: { dataUrl: "data:image/png;base64,iVBORw0K" } }, "").data.dataUrl).toMatch(
      /^data:image\/png/,
    )
    expect(failure(() => decodeOrThrow(CertificateAnswer, { success: true, data: { dataUrl: "javascript:alert(1)" } }, ""))).toBe(
      "data.dataUrl: must be an image data URL",
    )
  })
})

describe("contact contract", () => {
  const enquiry = { name: "Mira Sen", email: "mira@example.org", number: "+91 98200 12345", city: "Pune", state: "Maharashtra" }

  it("accepts the contact form with an optional message and trims it", () => {
    expect(decodeOrThrow(CreateEnquiryRequest, { ...enquiry, name: " Mira Sen " }, "")).toEqual(enquiry)
    expect(decodeOrThrow(CreateEnquiryRequest, { ...enquiry, message: " Hello " }, "").message).toBe("Hello")
  })

  it.each([
    [{ ...enquiry, email: "mira" }, "email: must be a valid email address"],
    [{ ...enquiry, number: "12" }, "number: must be a phone number (digits, spaces, dashes, optional leading +)"],
    [{ ...enquiry, city: "" }, "city: is required"],
    [{ name: "x", email: "a@b.co", number: "9000000000", city: "c" }, "state: is required"],
    [{ ...enquiry, name: "x".repeat(101) }, "name: must be at most 100 characters"],
  ])("names the bad field (%#)", (input, message) => {
    expect(failure(() => decodeOrThrow(CreateEnquiryRequest, input, ""))).toBe(message)
  })

  it("reads the enquiry list from `enquiry` and `totalRecords`", () => {
    const item = { _id: "e1", ...enquiry, message: null, createdAt: "2026-11-01T10:00:00.000Z" }
    expect(decodeOrThrow(EnquiryListAnswer, { success: true, enquiry: [item], totalRecords: 1 }, "").enquiry[0]!.city).toBe("Pune")
    expect(failure(() => decodeOrThrow(EnquiryListAnswer, { success: true, data: [item], totalRecords: 1 }, ""))).toBe("enquiry: is required")
  })
})

describe("dashboard contract", () => {
  it("accepts every count and refuses a negative one", () => {
    const data = {
      active: { Lawyer: 1, Counsellor: 2, Nutritionist: 3, YogaTeacher: 4, User: 5, ImageConsultant: 6 },
      underReview: 7,
      tempApprove: 8,
      rejected: 9,
      enquiries: 10,
    }
    expect(decodeOrThrow(PeopleCountsAnswer, { success: true, data }, "").data.active.User).toBe(5)
    expect(failure(() => decodeOrThrow(PeopleCountsAnswer, { success: true, data: { ...data, rejected: -1 } }, ""))).toMatch(/^data\.rejected: /)
  })
})
