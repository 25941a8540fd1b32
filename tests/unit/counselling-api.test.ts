import { afterEach, describe, expect, it, vi } from "vitest"
import * as client from "../../src/api/client.ts"
import * as sessionsEndpoints from "../../src/api/contract/counselling/counselling-sessions.endpoints.ts"
import * as usersEndpoints from "../../src/api/contract/counselling/counselling-users.endpoints.ts"
import { fetchMySessionsPage } from "../../src/api/counselling/counselling-sessions.api.ts"
import {
  COUNSELLOR_CHOICES_PER_ROLE,
  fetchAssignablePeople,
  fetchUnassignedUserCount,
  findCounsellors,
} from "../../src/api/counselling/counselling-users.api.ts"

afterEach(() => vi.restoreAllMocks())

const emptySessions = { success: true, data: { counsellingSessions: [] }, totalRecords: 0, totalPages: 1, currentPage: 1 }

describe("counselling api functions", () => {
  it("gives the Admin dashboard the unassigned-user count from page 1, limit 1", async () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true, data: { data: [] }, totalRecords: 16, totalPages: 16, currentPage: 1 } as never)
    expect(await fetchUnassignedUserCount()).toBe(16)
    expect(call).toHaveBeenCalledWith(usersEndpoints.fetchUnassignedUsers, { query: { page: "1", limit: "1" } })
  })

  it("reads a client's own sessions through the user-sessions call and a vendor's through the counsellor-sessions call", async () => {
    const call = vi.spyOn(client, "call").mockResolvedValue(emptySessions as never)
    await fetchMySessionsPage({ _id: "u1", role: "User" }, { page: 1, limit: 5000 })
    await fetchMySessionsPage({ _id: "v1", role: "YogaTeacher" }, { page: 2, limit: 10, status: "past" })
    expect(call.mock.calls).toEqual([
      [sessionsEndpoints.fetchUserSessions, { params: { id: "u1" }, query: { page: "1", limit: "5000" } }],
      [sessionsEndpoints.fetchCounsellorSessions, { params: { id: "v1" }, query: { page: "2", limit: "10", status: "past" } }],
    ])
  })

  it("asks for the Assign To people with the trimmed search only when there is one, and keeps the server's totals", async () => {
    const totals = [{ role: "Lawyer", total: 900, capped: true }]
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true, data: [], totals } as never)
    await fetchAssignablePeople("  ")
    expect(await fetchAssignablePeople(" leela ")).toEqual({ people: [], totals })
    expect(call.mock.calls).toEqual([
      [usersEndpoints.fetchAssignablePeople, { query: {} }],
      [usersEndpoints.fetchAssignablePeople, { query: { search: "leela" } }],
    ])
  })

  it("counts each role's listed people when an answer of the spec's shape carries no totals", async () => {
    const leela = { _id: "l1", name: "Leela", email: "l@x.io", role: "Lawyer" }
    vi.spyOn(client, "call").mockResolvedValue({ success: true, data: [leela] } as never)
    const { totals } = await fetchAssignablePeople("")
    expect(totals.find((t) => t.role === "Lawyer")).toEqual({ role: "Lawyer", total: 1 })
    expect(totals.find((t) => t.role === "Counsellor")).toEqual({ role: "Counsellor", total: 0 })
  })

  it("finds the Counsellor filter's choices among the assignable people, a few of each role, named with their role", async () => {
    const leela = { _id: "l1", name: "Leela", email: "l@x.io", role: "Lawyer" }
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true, data: [leela], totals: [] } as never)
    expect(await findCounsellors(" lee ")).toEqual([{ id: "l1", label: "Leela (Lawyer)", detail: "l@x.io" }])
    expect(call).toHaveBeenCalledWith(usersEndpoints.fetchAssignablePeople, { query: { search: "lee", limit: String(COUNSELLOR_CHOICES_PER_ROLE) } })
  })
})
