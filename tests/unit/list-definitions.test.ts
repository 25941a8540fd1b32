import { describe, expect, it } from "vitest"
import { peopleListNames, peopleLists } from "../../src/api/contract/vendors/people-lists.ts"
import { peopleListColumns, peopleListScreens } from "../../src/api/contract/vendors/people-list-screens.ts"
import { exportLists } from "../../src/api/contract/list-export.ts"
import { listExports } from "../../server/services/export/list-exports.ts"
import { routes } from "../../src/ui/app/routes.ts"
import { peopleTableColumns } from "../../src/ui/pages/vendors/person-columns.tsx"
import { activeEntry, sidebarEntries } from "../../src/ui/app/sidebar-entries.ts"
import { editorList } from "../../src/api/contract/editors/editor-list.ts"
import { editorListScreen, editorListColumns } from "../../src/api/contract/editors/editor-list-screen.ts"
import { enquiryList } from "../../src/api/contract/contact/enquiry-list.ts"
import { enquiryListScreen, enquiryListColumns } from "../../src/api/contract/contact/enquiry-list-screen.ts"
import { ticketList } from "../../src/api/contract/tickets/ticket-list.ts"
import { ticketListScreen, ticketListColumns } from "../../src/api/contract/tickets/ticket-list-screen.ts"
import type { Ticket } from "../../src/api/contract/tickets/ticket.ts"
import { ticketColumns } from "../../src/ui/pages/tickets/ticket-columns.tsx"
import { counsellingListNames, counsellingLists } from "../../src/api/contract/counselling/counselling-lists.ts"
import {
  counsellingListScreens,
  counsellingUserColumns,
  enquiryColumns,
  sessionColumns,
  unassignedUserColumns,
} from "../../src/api/contract/counselling/counselling-list-screens.ts"
import type { CounsellingSession } from "../../src/api/contract/counselling/counselling-session.ts"
import { definedColumns } from "../../src/ui/components/data-table.tsx"
import { blogList } from "../../src/api/contract/blogs/blog-list.ts"
import { blogListColumns, blogListScreen } from "../../src/api/contract/blogs/blog-list-screen.ts"

const peopleHeaders = peopleListColumns.map((c) => c.header)

describe("the people lists' definition", () => {
  it("gives the table and the CSV export the same columns, S.No only on screen", () => {
    expect(peopleHeaders).toEqual(["Name", "Email", "Number", "Role", "Date | Time", "Status", "Organization"])
    expect(peopleTableColumns(1, 10, {}, { sort: "", onSort: () => {} }).map((c) => c.header)).toEqual(["S.No", ...peopleHeaders])
    for (const name of peopleListNames) expect(listExports[name].columns.map(([header]) => header)).toEqual(peopleHeaders)
  })

  it("sorts by Name and Date | Time from their headers, newest first when the list has no order of its own", () => {
    const sortedOf = (sort: string) =>
      Object.fromEntries(peopleTableColumns(1, 10, {}, { sort, onSort: () => {} }).flatMap((c) => (c.sorted ? [[c.header, c.sorted]] : [])))
    expect(sortedOf("")).toEqual({ "Date | Time": "descending" })
    expect(sortedOf("createdAt")).toEqual({ "Date | Time": "ascending" })
    expect(sortedOf("name")).toEqual({ Name: "ascending" })
    expect(sortedOf("-name")).toEqual({ Name: "descending" })
    const heads = peopleTableColumns(1, 10, {}, { sort: "", onSort: () => {} }).filter((c) => c.headerCell !== undefined)
    expect(heads.map((c) => c.header)).toEqual(["Name", "Date | Time"])
  })

  it("makes each list's route, title and access, its export and its file name", () => {
    for (const name of peopleListNames) {
      const route = routes.find((r) => r.path === `/${name}`)
      expect(route?.title, name).toBe(peopleLists[name].title)
      expect(route?.access, name).toEqual(["Admin"])
      expect(exportLists).toContain(name)
      expect(listExports[name].file).toBe(peopleListScreens[name].file)
    }
    expect(new Set(peopleListNames.map((n) => peopleListScreens[n].file)).size).toBe(peopleListNames.length)
  })

  it("lights the Dashboard in the sidebar on every list, which is opened from its counts", () => {
    for (const name of peopleListNames) expect(activeEntry(sidebarEntries.Admin, `/${name}`)).toBe("/")
  })

  it("writes a row's cells as the CSV does: N/A for what is missing, Approve as Approved", () => {
    const row = {
      _id: "u1",
      name: "Asha",
      email: "asha@demo.test",
      number: null,
      role: "Lawyer" as const,
      status: "Approve" as const,
      createdAt: "2026-11-30T07:00:00.000Z",
      organizationId: null,
      organizationName: null,
    }
    expect(peopleListColumns.map((c) => c.text(row))).toEqual(["Asha", "asha@demo.test", "N/A", "Lawyer", "2026-11-30T07:00:00.000Z", "Approved", "N/A"])
  })
})

describe("the ticket list's definition", () => {
  const all = ticketListColumns.map((c) => c.header)

  it("gives the Admin's table and the CSV export the same columns; others see theirs without Raised By, Rating and Review", () => {
    expect(all).toEqual(["Ticket ID", "Ticket Type", "Query", "Raised By", "Date | Time", "Status", "Rating", "Review"])
    const table = (isAdmin: boolean) => ticketColumns({ isAdmin, offset: 0, sort: "", onSort: () => {}, onFeedback: () => {} }).map((c) => c.header)
    expect(table(true)).toEqual(["S.No", ...all, "Action"])
    expect(table(false)).toEqual(["S.No", "Ticket ID", "Ticket Type", "Query", "Date | Time", "Status", "Action"])
    expect(listExports["my-tickets"].columns.map(([header]) => header)).toEqual(all)
    expect(listExports["my-tickets"].file).toBe(ticketListScreen.file)
    expect(routes.find((r) => r.path === "/my-tickets")?.title).toBe(ticketList.title)
  })

  it("writes a rating and review only for a closed ticket, N/A when it has none", () => {
    const ticket: Ticket = {
      _id: "t1",
      queryId: "t1",
      ticketId: "TKT-000001",
      ticketType: "General",
      query: "Charged twice",
      createdAt: "2026-11-30T07:00:00.000Z",
      status: false,
      userId: "u1",
      name: "Asha",
      role: "User",
      userRating: null,
      userReview: null,
      hasImage: false,
    }
    const cells = (t: Ticket) => ticketListColumns.map((c) => c.text(t))
    expect(cells(ticket)).toEqual(["TKT-000001", "General", "Charged twice", "Asha (User)", "2026-11-30T07:00:00.000Z", "Open", "", ""])
    expect(cells({ ...ticket, status: true }).slice(5)).toEqual(["Closed", "N/A", "N/A"])
    expect(cells({ ...ticket, status: true, userRating: 4, userReview: "Quick" }).slice(5)).toEqual(["Closed", "4", "Quick"])
  })
})

describe("All Enquiries' definition", () => {
  it("gives the route, the CSV export and its file the definition's title, columns and name", () => {
    const headers = enquiryListColumns.map((c) => c.header)
    expect(headers).toEqual(["Name", "Email", "Number", "City", "State", "Date | Time"])
    expect(listExports.enquiries.columns.map(([header]) => header)).toEqual(headers)
    expect(listExports.enquiries.file).toBe(enquiryListScreen.file)
    expect(routes.find((r) => r.path === "/enquiries")?.title).toBe(enquiryList.title)
  })
})

describe("the Editor list's definition", () => {
  it("gives the route, the CSV export and its file the definition's title, columns and name", () => {
    const headers = editorListColumns.map((c) => c.header)
    expect(headers).toEqual(["Name", "Email", "Number", "User Role"])
    expect(listExports.editor.columns.map(([header]) => header)).toEqual(headers)
    expect(listExports.editor.file).toBe(editorListScreen.file)
    expect(routes.find((r) => r.path === "/editor")?.title).toBe(editorList.title)
    const editor = { _id: "e1", name: "Ravi", email: "ravi@demo.test", number: null, role: "Editor" as const, createdAt: "2026-11-30T07:00:00.000Z" }
    expect(editorListColumns.map((c) => c.text(editor))).toEqual(["Ravi", "ravi@demo.test", "N/A", "Editor"])
  })
})

describe("the counselling lists' definition", () => {
  const columnsOf = {
    counselling: enquiryColumns,
    "unassign-users": unassignedUserColumns,
    "counselling-users": counsellingUserColumns,
    "all-sessions": sessionColumns,
  }

  it("gives each list's route, sidebar entry, CSV export and file the definition's title, call, columns and name", () => {
    for (const name of counsellingListNames) {
      const route = routes.find((r) => r.path === `/${name}`)
      expect(route?.title, name).toBe(counsellingLists[name].title)
      expect(route?.access, name).toEqual(["Admin"])
      expect(sidebarEntries.Admin.find((e) => e.path === `/${name}`)?.label, name).toBe(counsellingLists[name].title)
      expect(
        listExports[name].columns.map(([header]) => header),
        name,
      ).toEqual(columnsOf[name].map((c) => c.header))
      expect(listExports[name].file, name).toBe(counsellingListScreens[name].file)
    }
    expect(new Set(counsellingListNames.map((n) => counsellingListScreens[n].file)).size).toBe(counsellingListNames.length)
  })

  it("keeps the spec's columns, and a session's State in the CSV alone (on screen it is the Status badge's)", () => {
    expect(counsellingUserColumns.map((c) => c.header)).toEqual(["Name", "Email", "Number", "Counsellor", "Date | Time"])
    expect(sessionColumns.map((c) => c.header)).toEqual(["Name", "Email", "Number", "Date | Time", "Counsellor", "Counsellor Role", "Status", "State"])
    expect(definedColumns(sessionColumns, {}).map((c) => c.header)).toEqual([
      "Name",
      "Email",
      "Number",
      "Date | Time",
      "Counsellor",
      "Counsellor Role",
      "Status",
    ])
  })

  it("writes a session's cells as the CSV does: N/A for a missing number, the late cancellation in words", () => {
    const session = {
      name: "Asha",
      email: "asha@demo.test",
      number: null,
      dateTime: "2026-12-01T09:00:00.000Z",
      counsellorName: "Meera",
      counsellorRole: "Counsellor",
      status: "upcoming",
      state: "cancelled",
      cancelledLate: true,
    } as unknown as CounsellingSession
    expect(sessionColumns.map((c) => c.text(session))).toEqual([
      "Asha",
      "asha@demo.test",
      "N/A",
      "2026-12-01T09:00:00.000Z",
      "Meera",
      "Counsellor",
      "upcoming",
      "Cancelled (late)",
    ])
    const user = { _id: "u1", name: "Ravi", email: "ravi@demo.test", number: "+91 98765 43210", createdAt: "2026-11-30T07:00:00.000Z", counsellor: null }
    expect(counsellingUserColumns.map((c) => c.text(user))).toEqual(["Ravi", "ravi@demo.test", "+91 98765 43210", "Unassigned", "2026-11-30T07:00:00.000Z"])
    expect(counsellingUserColumns[3]?.text({ ...user, counsellor: { _id: "c1", name: "Meera", role: "Counsellor" } })).toBe("Meera (Counsellor)")
  })
})

describe("the Blogs list's definition", () => {
  it("gives the route, the CSV export and its file the definition's title, columns and name", () => {
    const headers = blogListColumns.map((c) => c.header)
    expect(headers).toEqual(["Blog Name", "URL", "Created"])
    expect(listExports.blogs.columns.map(([header]) => header)).toEqual(headers)
    expect(listExports.blogs.file).toBe(blogListScreen.file)
    expect(routes.find((r) => r.path === "/blogs")?.title).toBe(blogList.title)
  })
})
