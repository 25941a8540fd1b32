import { afterEach, describe, expect, it, vi } from "vitest"
import * as client from "../../src/api/client.ts"
import * as sessionsEndpoints from "../../src/api/contract/endpoints/counselling-sessions.endpoints.ts"
import * as usersEndpoints from "../../src/api/contract/endpoints/counselling-users.endpoints.ts"
import { fetchMySessionsPage } from "../../src/api/counselling-sessions.api.ts"
import { fetchUnassignedUserCount } from "../../src/api/counselling-users.api.ts"

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
})
