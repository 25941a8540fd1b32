import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import * as vendorsApi from "../../src/api/vendors/vendors.api.ts"
import { listRoles } from "../../src/api/contract/vendors/vendor.ts"
import { createRoleListMachine } from "../../src/machines/vendors/role-list.machine.ts"
import { createReviewListMachine } from "../../src/machines/vendors/review-list.machine.ts"
import { peopleListScreens, roleListName } from "../../src/api/contract/vendors/people-list-screens.ts"
import { enquiriesMachine } from "../../src/machines/contact/enquiries.machine.ts"
import { dayRangeBounds, dayRangeProblem } from "../../src/machines/day-range.ts"
import * as ticketApi from "../../src/api/tickets/ticket.api.ts"
import { ticketListMachine } from "../../src/machines/tickets/ticket-list.machine.ts"
import { setViewerZone } from "../../src/machines/account/viewer-zone.ts"
import * as contactApi from "../../src/api/contact/contact.api.ts"
import { quietLiveList } from "./quiet-live.ts"
import * as sessionsApi from "../../src/api/counselling/counselling-sessions.api.ts"
import {
  allSessionsListMachine,
  counsellingUsersListMachine,
  enquiryListMachine,
  sessionDaysRule,
  unassignedUsersListMachine,
} from "../../src/machines/counselling/counselling-lists.machine.ts"
import * as usersApi from "../../src/api/counselling/counselling-users.api.ts"
import * as enquiryApi from "../../src/api/counselling/counselling-enquiry.api.ts"

afterEach(() => vi.restoreAllMocks())

describe("role list machines", () => {
  it("keep the spec's empty and failure texts", () => {
    expect(listRoles.map((r) => peopleListScreens[roleListName(r)].empty)).toEqual([
      "No Active Lawyer",
      "No Active counsellor",
      "No Active Nutritionist",
      "No Active YogaTeachers",
      "No Active Users",
      "No Active ImageConsultant",
    ])
    expect(listRoles.map((r) => peopleListScreens[roleListName(r)].failure)).toEqual([
      "Failed to fetch lawyers",
      "Failed to fetch Counsellor",
      "Failed to fetch Nutritionist",
      "Failed to fetch YogaTeacher",
      "Failed to fetch User",
      "Failed to fetch ImageConsultant",
    ])
  })

  it("scope only the Active ImageConsultants list by the signed-in user's organization, 10 per page", async () => {
    const fetch = vi.spyOn(vendorsApi, "fetchRoleList").mockResolvedValue({ success: true, data: [], totalRecords: 0 })
    for (const role of ["ImageConsultant", "Lawyer"] as const) {
      const actor = createActor(createRoleListMachine(role, "org-1").provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
    }
    expect(fetch.mock.calls).toEqual([
      ["ImageConsultant", { page: 1, limit: 10, search: "", filters: { from: "", to: "" }, from: "", to: "" }, "org-1"],
      ["Lawyer", { page: 1, limit: 10, search: "", filters: { from: "", to: "" }, from: "", to: "" }, null],
    ])
  })

  it("show the role's failure text when the call fails", async () => {
    vi.spyOn(vendorsApi, "fetchRoleList").mockRejectedValue(new Error("down"))
    const actor = createActor(createRoleListMachine("Counsellor", null).provide({ actors: quietLiveList }), { input: {} }).start()
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Failed to fetch Counsellor")
  })

  it("All Enquiries reads `enquiry` and `totalRecords` and fails with 'Failed to fetch Enquiries'", async () => {
    const item = {
      _id: "e1",
      name: "N",
      email: "n@example.org",
      number: "9000000000",
      city: "Pune",
      state: "Maharashtra",
      message: null,
      createdAt: "2026-11-01T10:00:00.000Z",
    }
    vi.spyOn(contactApi, "fetchEnquiries")
      .mockResolvedValueOnce({ success: true, enquiry: [item], totalRecords: 21 })
      .mockRejectedValueOnce(new Error("down"))
    const actor = createActor(enquiriesMachine.provide({ actors: quietLiveList }), { input: {} }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ rows: [item], total: 21, pageSize: 10 })
    actor.send({ type: "list.reload" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Failed to fetch Enquiries")
  })
})

describe("role list paging", () => {
  it("steps back to the new last page when the page it shows has emptied", async () => {
    const row = {
      _id: "u1",
      name: "Ira",
      email: "ira@example.com",
      number: null,
      role: "ImageConsultant" as const,
      status: "Approve" as const,
      createdAt: "2026-11-01T10:00:00.000Z",
      organizationId: "org-1",
      organizationName: "Wellness Collective",
    }
    const fetch = vi
      .spyOn(vendorsApi, "fetchRoleList")
      .mockResolvedValueOnce({ success: true, data: Array(10).fill(row), totalRecords: 11 })
      .mockResolvedValueOnce({ success: true, data: [], totalRecords: 10 })
      .mockResolvedValueOnce({ success: true, data: Array(10).fill(row), totalRecords: 10 })
    const actor = createActor(createRoleListMachine("ImageConsultant", "org-1").provide({ actors: quietLiveList }), { input: {} }).start()
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "page.next" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(fetch.mock.calls.map((c) => c[1].page)).toEqual([1, 2, 1])
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, total: 10 })
  })
})

describe("All Enquiries' Received filter (issue 26)", () => {
  it("reads the days on the viewer's clock, the last one whole, and applies no range that ends before it starts", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      expect(dayRangeBounds({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ from: "2026-10-31T18:30:00.000Z", to: "2026-11-30T18:30:00.000Z" })
      expect(dayRangeBounds({ from: "2026-11-01", to: "" })).toEqual({ from: "2026-10-31T18:30:00.000Z", to: "" })
      expect(dayRangeProblem({ from: "2026-11-02", to: "2026-11-01" })).toBe("The last day must be on or after the first day.")
      expect(dayRangeProblem({ from: "2026-11-01", to: "2026-11-01" })).toBeNull()
      expect(dayRangeBounds({ from: "2026-11-02", to: "2026-11-01" })).toEqual({ from: "", to: "" })

      const fetch = vi.spyOn(contactApi, "fetchEnquiries").mockResolvedValue({ success: true, enquiry: [], totalRecords: 0 })
      const actor = createActor(enquiriesMachine.provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-20" })
      actor.send({ type: "filter.change", field: "to", value: "2026-11-10" })
      actor.send({ type: "filter.apply" })
      expect(actor.getSnapshot().matches("ready")).toBe(true)
      expect(fetch).toHaveBeenCalledTimes(1)
      actor.send({ type: "filter.change", field: "to", value: "2026-11-21" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ from: "2026-11-20", to: "2026-11-21" })
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ from: "2026-11-19T18:30:00.000Z", to: "2026-11-21T18:30:00.000Z" }))
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })
})

describe("The people lists' Joined filter (issue 26)", () => {
  it("a role list sends the days as instants on the viewer's clock and applies no reversed range", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const fetch = vi.spyOn(vendorsApi, "fetchRoleList").mockResolvedValue({ success: true, data: [], totalRecords: 0 })
      const actor = createActor(createRoleListMachine("Lawyer", null).provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-20" })
      actor.send({ type: "filter.change", field: "to", value: "2026-11-10" })
      actor.send({ type: "filter.apply" })
      expect(actor.getSnapshot().matches("ready")).toBe(true)
      expect(fetch).toHaveBeenCalledTimes(1)
      actor.send({ type: "filter.change", field: "to", value: "2026-11-20" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(
        "Lawyer",
        expect.objectContaining({ page: 1, from: "2026-11-19T18:30:00.000Z", to: "2026-11-20T18:30:00.000Z" }),
        null,
      )
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })

  it("a review list sends the days beside its Role, and clearing the days keeps the Role", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const fetch = vi.spyOn(vendorsApi, "fetchReviewList").mockResolvedValue({ success: true, data: [], totalRecords: 0 })
      const actor = createActor(createReviewListMachine("pending").provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.set", field: "role", value: "Lawyer" })
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-01" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(
        "pending",
        expect.objectContaining({ filters: { role: "Lawyer", from: "2026-11-01", to: "" }, from: "2026-10-31T18:30:00.000Z", to: "" }),
      )
      actor.send({ type: "filter.change", field: "to", value: "" })
      actor.send({ type: "filter.set", field: "from", value: "" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ role: "Lawyer", from: "", to: "" })
      expect(fetch).toHaveBeenLastCalledWith("pending", expect.objectContaining({ filters: { role: "Lawyer", from: "", to: "" }, from: "", to: "" }))
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })
})

describe("My Tickets' Raised filter (issue 26)", () => {
  it("sends the days as instants beside the State; a State chosen while the days are reversed is only set, and Clear dates keeps the State", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const fetch = vi.spyOn(ticketApi, "getTickets").mockResolvedValue({ rows: [], total: 0 })
      const actor = createActor(ticketListMachine, { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-20" })
      actor.send({ type: "filter.change", field: "to", value: "2026-11-10" })
      actor.send({ type: "filter.set", field: "state", value: "closed" })
      expect(actor.getSnapshot().matches("ready")).toBe(true)
      expect(actor.getSnapshot().context.filters).toEqual({ state: "closed", from: "2026-11-20", to: "2026-11-10" })
      expect(actor.getSnapshot().context.applied).toEqual({ state: "", from: "", to: "" })
      expect(fetch).toHaveBeenCalledTimes(1)
      actor.send({ type: "filter.change", field: "to", value: "2026-11-20" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { state: "closed", from: "2026-11-19T18:30:00.000Z", to: "2026-11-20T18:30:00.000Z" } }),
      )
      // Clear dates, as the page sends it.
      actor.send({ type: "filter.change", field: "to", value: "" })
      actor.send({ type: "filter.set", field: "from", value: "" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ state: "closed", from: "", to: "" })
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { state: "closed", from: "", to: "" } }))
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })
})

describe("All Sessions' Starts filter (issue 26)", () => {
  it("needs both days, at most 45 of them, sends them as instants in the session's order, and Clear dates keeps the State", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      expect(dayRangeProblem({ from: "2026-12-01", to: "" }, sessionDaysRule)).toBe("Choose both the first and the last day.")
      expect(dayRangeProblem({ from: "", to: "2026-12-01" }, sessionDaysRule)).toBe("Choose both the first and the last day.")
      expect(dayRangeProblem({ from: "2026-12-01", to: "2027-01-14" }, sessionDaysRule)).toBeNull()
      expect(dayRangeProblem({ from: "2026-12-01", to: "2027-01-15" }, sessionDaysRule)).toBe("Choose at most 45 days.")
      expect(dayRangeProblem({ from: "2026-12-02", to: "2026-12-01" }, sessionDaysRule)).toBe("The last day must be on or after the first day.")
      expect(dayRangeBounds({ from: "2026-12-01", to: "" }, sessionDaysRule)).toEqual({ from: "", to: "" })

      const fetch = vi.spyOn(sessionsApi, "fetchAllSessionsPage").mockResolvedValue({ rows: [], total: 0 })
      const actor = createActor(allSessionsListMachine, { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-12-01" })
      actor.send({ type: "filter.set", field: "state", value: "cancelled" })
      actor.send({ type: "filter.apply" })
      expect(actor.getSnapshot().matches("ready")).toBe(true)
      expect(actor.getSnapshot().context.applied).toEqual({ state: "", from: "", to: "" })
      expect(fetch).toHaveBeenCalledTimes(1)
      actor.send({ type: "sort.change", sort: "-dateTime" })
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "to", value: "2026-12-14" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ sort: "-dateTime", filters: { state: "cancelled", from: "2026-11-30T18:30:00.000Z", to: "2026-12-14T18:30:00.000Z" } }),
      )
      actor.send({ type: "filter.change", field: "to", value: "" })
      actor.send({ type: "filter.set", field: "from", value: "" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ state: "cancelled", from: "", to: "" })
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { state: "cancelled", from: "", to: "" } }))
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })
})

describe("1:1 Counselling's Received filter (issue 26)", () => {
  it("sends the days as instants beside the Access choice; a reversed range is not applied, and Clear dates keeps Access", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const fetch = vi.spyOn(enquiryApi, "fetchEnquiryPage").mockResolvedValue({ rows: [], total: 0 })
      const actor = createActor(enquiryListMachine.provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.set", field: "access", value: "waiting" })
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-20" })
      actor.send({ type: "filter.change", field: "to", value: "2026-11-10" })
      actor.send({ type: "filter.apply" })
      expect(actor.getSnapshot().matches("ready")).toBe(true)
      expect(fetch).toHaveBeenCalledTimes(2)
      actor.send({ type: "filter.change", field: "to", value: "2026-11-20" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { access: "waiting", from: "2026-11-19T18:30:00.000Z", to: "2026-11-20T18:30:00.000Z" } }),
      )
      actor.send({ type: "filter.change", field: "to", value: "" })
      actor.send({ type: "filter.set", field: "from", value: "" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ access: "waiting", from: "", to: "" })
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })
})

describe("The clients lists' Joined filter (issue 26)", () => {
  it("UnAssign Users sends the days as instants and applies no reversed range", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const fetch = vi.spyOn(usersApi, "fetchUnassignedUsersPage").mockResolvedValue({ rows: [], total: 0 })
      const actor = createActor(unassignedUsersListMachine.provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "from", value: "2026-11-20" })
      actor.send({ type: "filter.change", field: "to", value: "2026-11-10" })
      actor.send({ type: "filter.apply" })
      expect(fetch).toHaveBeenCalledTimes(1)
      actor.send({ type: "filter.change", field: "to", value: "2026-11-30" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ page: 1, filters: { from: "2026-11-19T18:30:00.000Z", to: "2026-11-30T18:30:00.000Z" } }),
      )
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })

  it("Counselling Users sends the days beside the Counsellor, and clearing the days keeps the Counsellor", async () => {
    setViewerZone("Asia/Kolkata")
    try {
      const fetch = vi.spyOn(usersApi, "fetchCounsellingUsersPage").mockResolvedValue({ rows: [], total: 0 })
      const actor = createActor(counsellingUsersListMachine.provide({ actors: quietLiveList }), { input: {} }).start()
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.set", field: "counsellor", value: "c1" })
      await waitFor(actor, (s) => s.matches("ready"))
      actor.send({ type: "filter.change", field: "to", value: "2026-11-30" })
      actor.send({ type: "filter.apply" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { counsellor: "c1", from: "", to: "2026-11-30T18:30:00.000Z" } }))
      actor.send({ type: "filter.change", field: "to", value: "" })
      actor.send({ type: "filter.set", field: "from", value: "" })
      await waitFor(actor, (s) => s.matches("ready"))
      expect(actor.getSnapshot().context.applied).toEqual({ counsellor: "c1", from: "", to: "" })
      actor.stop()
    } finally {
      setViewerZone(null)
    }
  })
})
