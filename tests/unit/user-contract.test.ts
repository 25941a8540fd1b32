import { describe, expect, it } from "vitest"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import { PageQuery } from "../../src/api/contract/common.ts"
import { Credentials, LoginAnswer, Person, ResetLinkRequest, UpdatePasswordRequest } from "../../src/api/contract/account/user.ts"

const message = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("expected a decode failure")
}

const person = {
  _id: "p1",
  name: "Leela Lawyer",
  email: "lawyer@demo.test",
  number: "9000000001",
  role: "Lawyer",
  status: "Under Review",
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
  AdditionalDetails: { briefBio: "Bio", profileImg: null },
  DocumentDetails: { expirationDate: null },
  AccountDetails: { ifscCode: "HDFC0001" },
}

describe("user contract", () => {
  it("accepts the spec's login answer and rejects one without tokens", () => {
    const good = {
      data: { accessToken: "a", refreshToken: "r", user: { _id: "1", name: "A", email: "a@b.co", role: "Admin", organizationId: null } },
      message: "ok",
    }
    expect(decodeOrThrow(LoginAnswer, good, "")).toEqual(good)
    expect(message(() => decodeOrThrow(LoginAnswer, { data: { accessToken: "a", user: good.data.user }, message: "ok" }, ""))).toBe(
      "data.refreshToken: is required",
    )
  })

  it("accepts a full person and names a bad role or status", () => {
    expect(decodeOrThrow(Person, person, "").AdditionalDetails?.briefBio).toBe("Bio")
    expect(message(() => decodeOrThrow(Person, { ...person, role: "Wizard" }, ""))).toMatch(/^role: Expected "Admin" \| "Editor"/)
    expect(message(() => decodeOrThrow(Person, { ...person, status: "Approved" }, ""))).toMatch(/^status: Expected "Under Review" \| "Approve"/)
  })

  it("trims credentials and requires both", () => {
    expect(decodeOrThrow(Credentials, { email: " a@b.co ", password: " x " }, "")).toEqual({ email: "a@b.co", password: "x" })
    expect(message(() => decodeOrThrow(Credentials, { email: "a@b.co", password: "   " }, "body"))).toBe("body: password: is required")
  })

  it("requires a valid email for a reset link", () => {
    expect(message(() => decodeOrThrow(ResetLinkRequest, { email: "not-an-email" }, ""))).toBe("email: must be a valid email address")
  })

  it("requires a new password of at least 8 characters", () => {
    expect(message(() => decodeOrThrow(UpdatePasswordRequest, { oldPassword: "x", newPassword: "short" }, ""))).toBe(
      "newPassword: must be at least 8 characters",
    )
  })

  it("reads paging numbers from the query string and refuses nonsense", () => {
    expect(decodeOrThrow(PageQuery, { page: "3", limit: "10", search: "ann" }, "")).toEqual({ page: 3, limit: 10, search: "ann" })
    expect(message(() => decodeOrThrow(PageQuery, { page: "0" }, ""))).toBe("page: Expected a value greater than or equal to 1")
    expect(message(() => decodeOrThrow(PageQuery, { limit: "ten" }, ""))).toBe("limit: Expected a finite number")
  })
})
