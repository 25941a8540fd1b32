import {
  counsellingListScreens,
  counsellingUserColumns,
  enquiryColumns,
  sessionColumns,
  unassignedUserColumns,
} from "../../../src/api/contract/counselling/counselling-list-screens.ts"
import { peopleListNames, peopleLists, type PeopleList, type PeopleListName } from "../../../src/api/contract/vendors/people-lists.ts"
import { peopleListColumns, peopleListScreens } from "../../../src/api/contract/vendors/people-list-screens.ts"
import type { ExportFilters, ExportList } from "../../../src/api/contract/list-export.ts"
import { fetchEnquiries as fetchContactEnquiries } from "../contact/contact.service.ts"
import { listAllBlogs } from "../content/blogs.service.ts"
import { blogListColumns, blogListScreen } from "../../../src/api/contract/blogs/blog-list-screen.ts"
import { fetchCounsellingUsers, fetchUnassignedUsers } from "../counselling/assignment.service.ts"
import { fetchEnquiries as fetchCounsellingEnquiries } from "../counselling/enquiries.service.ts"
import { fetchAllSessions } from "../counselling/sessions.queries.ts"
import { listEditors } from "../editors/editors.service.ts"
import { getTickets } from "../tickets/ticket.queries.ts"
import { reviewListPage, roleList } from "../vendors/vendor-queries.ts"
import { isPeopleSort, peopleSorts } from "../../../src/api/contract/vendors/vendor.ts"
import { isSessionSort, isSessionState, sessionSorts } from "../../../src/api/contract/counselling/counselling-session.ts"
import { cardExports } from "./card-exports.ts"
import { csvColumns, type ListExport } from "./list-export-spec.ts"
import { editorListScreen, editorListColumns } from "../../../src/api/contract/editors/editor-list-screen.ts"
import { enquiryListScreen, enquiryListColumns } from "../../../src/api/contract/contact/enquiry-list-screen.ts"
import { enquirySorts, isEnquirySort } from "../../../src/api/contract/contact/contact.ts"
import { ticketListScreen, ticketListColumns } from "../../../src/api/contract/tickets/ticket-list-screen.ts"
import { isTicketSort, isTicketState, ticketSorts } from "../../../src/api/contract/tickets/ticket.ts"
import { blogSorts, isBlogSort } from "../../../src/api/contract/blogs/blog.ts"
import { counsellingEnquirySorts, isCounsellingEnquirySort } from "../../../src/api/contract/counselling/counselling-enquiry.ts"
import { counsellingUserSorts, isCounsellingUserSort } from "../../../src/api/contract/counselling/counselling-user.ts"

const peopleColumns = csvColumns(peopleListColumns)

/** The list's days (the people lists' Joined, All Enquiries' Received, My Tickets' Raised, All Sessions' Starts), as its query takes them. */
const daysOf = (filters: ExportFilters) => ({ ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) })

/** A people list's export: its definition's columns over the pages of the call its screen reads. */
const peopleExport = (name: PeopleListName, list: PeopleList): ListExport => ({
  file: peopleListScreens[name].file,
  columns: peopleColumns,
  sorts: peopleSorts,
  fetchPage: async (deps, _caller, { page, limit, search, sort, filters }) => {
    const request = { page, limit, search, ...(isPeopleSort(sort) ? { sort } : {}), ...daysOf(filters) }
    const answer =
      list.call === "roleList"
        ? await roleList(deps.db, list.role, request)
        : await reviewListPage(deps.db, list.kind, { ...request, ...(filters.role ? { role: filters.role } : {}) })
    return { rows: answer.data, total: answer.totalRecords }
  },
})

const peopleExports = Object.fromEntries(peopleListNames.map((name) => [name, peopleExport(name, peopleLists[name])])) as Record<PeopleListName, ListExport>

/** Every Admin list screen's export, by the screen's path. */
export const listExports: Record<ExportList, ListExport> = {
  ...peopleExports,
  enquiries: {
    file: enquiryListScreen.file,
    columns: csvColumns(enquiryListColumns),
    sorts: enquirySorts,
    fetchPage: async (deps, _caller, { page, limit, search, sort, filters }) => {
      const answer = await fetchContactEnquiries(deps.db, {
        page,
        limit,
        search,
        ...(isEnquirySort(sort) ? { sort } : {}),
        ...daysOf(filters),
      })
      return { rows: answer.enquiry, total: answer.totalRecords }
    },
  },
  counselling: {
    file: counsellingListScreens.counselling.file,
    columns: csvColumns(enquiryColumns),
    sorts: counsellingEnquirySorts,
    fetchPage: async (deps, _caller, { page, limit, sort, filters }) => {
      const answer = await fetchCounsellingEnquiries(deps, {
        page,
        limit,
        ...(isCounsellingEnquirySort(sort) ? { sort } : {}),
        ...(filters.access ? { access: filters.access } : {}),
        ...daysOf(filters),
      })
      return { rows: answer.data.enquiry, total: answer.totalRecords }
    },
  },
  "unassign-users": {
    file: counsellingListScreens["unassign-users"].file,
    columns: csvColumns(unassignedUserColumns),
    sorts: counsellingUserSorts,
    fetchPage: async (deps, _caller, { page, limit, sort, filters }) => {
      const answer = await fetchUnassignedUsers(deps, { page, limit, ...(isCounsellingUserSort(sort) ? { sort } : {}), ...daysOf(filters) })
      return { rows: answer.data.data, total: answer.totalRecords }
    },
  },
  "counselling-users": {
    file: counsellingListScreens["counselling-users"].file,
    columns: csvColumns(counsellingUserColumns),
    sorts: counsellingUserSorts,
    fetchPage: async (deps, _caller, { page, limit, sort, filters }) => {
      const answer = await fetchCounsellingUsers(deps, {
        page,
        limit,
        ...(isCounsellingUserSort(sort) ? { sort } : {}),
        ...(filters.counsellor ? { counsellorId: filters.counsellor } : {}),
        ...daysOf(filters),
      })
      return { rows: answer.data.data, total: answer.totalRecords }
    },
  },
  "all-sessions": {
    file: counsellingListScreens["all-sessions"].file,
    columns: csvColumns(sessionColumns),
    sorts: sessionSorts,
    fetchPage: async (deps, _caller, { page, limit, sort, filters }) => {
      const answer = await fetchAllSessions(deps, {
        page,
        limit,
        ...(isSessionSort(sort) ? { sort } : {}),
        ...(isSessionState(filters.state) ? { state: filters.state } : {}),
        ...daysOf(filters),
      })
      return { rows: answer.data.counsellingSessions, total: answer.totalRecords }
    },
  },
  "my-tickets": {
    file: ticketListScreen.file,
    columns: csvColumns(ticketListColumns),
    sorts: ticketSorts,
    fetchPage: async (deps, caller, { page, limit, sort, filters }) => {
      const answer = await getTickets(deps, caller, {
        page,
        limit,
        ...(isTicketState(filters.state) ? { state: filters.state } : {}),
        ...daysOf(filters),
        ...(isTicketSort(sort) ? { sort } : {}),
      })
      return { rows: answer.data, total: answer.pagination.total }
    },
  },
  blogs: {
    file: blogListScreen.file,
    columns: csvColumns(blogListColumns),
    sorts: blogSorts,
    fetchPage: async (deps, _caller, { page, limit, sort, filters }) => {
      const answer = await listAllBlogs(
        deps,
        { page, limit, ...(isBlogSort(sort) ? { sort } : {}), ...(filters.status ? { status: filters.status } : {}), ...daysOf(filters) },
        false,
      )
      return { rows: answer.data, total: answer.pagination.total }
    },
  },
  editor: {
    file: editorListScreen.file,
    columns: csvColumns(editorListColumns),
    sorts: peopleSorts,
    fetchPage: async (deps, _caller, { page, limit, sort }) => {
      const answer = await listEditors(deps, { page, limit, ...(isPeopleSort(sort) ? { sort } : {}) })
      return { rows: answer.data, total: answer.pagination.total }
    },
  },
  ...cardExports,
}
