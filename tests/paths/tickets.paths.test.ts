import { ApiError } from "../../src/api/api-error.ts"
import type { Ticket, TicketThread } from "../../src/api/contract/tickets/ticket.ts"
import { feedbackMachine } from "../../src/machines/tickets/feedback.machine.ts"
import { raiseTicketMachine } from "../../src/machines/tickets/raise-ticket.machine.ts"
import { ticketAttachmentMachine } from "../../src/machines/tickets/ticket-attachment.machine.ts"
import { ticketChatMachine } from "../../src/machines/tickets/ticket-chat.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"
import { ticketListMachine } from "../../src/machines/tickets/ticket-list.machine.ts"

const ticket: Ticket = {
  _id: "q1",
  queryId: "q1",
  ticketId: "TKT-000042",
  ticketType: "Technical",
  query: "The join link does not work.",
  createdAt: "2026-11-01T10:00:00.000Z",
  status: false,
  userId: "u-lawyer",
  name: "Leela Lawyer",
  role: "Lawyer",
  userRating: null,
  userReview: null,
  hasImage: true,
}
const open: TicketThread = { ...ticket, responses: [] }
const answered: TicketThread = {
  ...ticket,
  responses: [
    {
      _id: "r1",
      question: null,
      answer: "Fixed, please retry.",
      createdAt: "2026-11-01T11:00:00.000Z",
      addedBy: { _id: "u-admin", name: "Asha Admin", role: "Admin" },
    },
  ],
}
const closed: TicketThread = { ...answered, status: true }
const httpError = new ApiError("http", 409, "Conflict", "This ticket is already closed.")

describeMachinePaths("ticket chat (Admin)", {
  machine: ticketChatMachine,
  input: { queryId: "q1", viewer: { id: "u-admin", role: "Admin" } },
  events: [
    { type: "loadThread.done", output: { thread: open, etag: '"q1.1"' } },
    { type: "loadThread.error", error: httpError },
    { type: "loadThread.error", error: new ApiError("http", 404, "Not Found", "Ticket not found.") },
    { type: "retry" },
    { type: "after.pollInterval" },
    { type: "pollThread.done", output: { changed: false } },
    { type: "pollThread.done", output: { changed: true, answer: { data: closed }, etag: '"q1.3"' } },
    { type: "pollThread.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "draft.change", value: "Fixed, please retry." },
    { type: "message.send" },
    { type: "sendMessage.done", output: { data: answered } },
    { type: "sendMessage.error", error: httpError },
    { type: "close.request" },
    { type: "close.cancel" },
    { type: "close.confirm" },
    { type: "closeTicket.done", output: { data: closed } },
    { type: "closeTicket.error", error: httpError },
    { type: "live.up" },
    { type: "live.down" },
    { type: "live.changed" },
  ],
})

describeMachinePaths("ticket attachment", {
  machine: ticketAttachmentMachine,
  input: { queryId: "q1" },
  events: [{ type: "attachment.loaded", url: "blob:attachment" }, { type: "attachment.failed" }],
})

describeMachinePaths("raise ticket form", {
  machine: raiseTicketMachine.provide({ actions: { submitted: () => {} } }),
  events: [
    { type: "form.open" },
    { type: "form.close" },
    { type: "field.change", field: "ticketType", value: "General" },
    { type: "field.change", field: "query", value: "How do I change my bank details?" },
    { type: "file.change", file: { name: "screen.png", size: 10 } },
    { type: "file.change", file: { name: "page.html", size: 10 } },
    { type: "form.submit" },
    { type: "submit.done", output: { success: true, message: "Ticket submitted successfully!", data: ticket } },
    { type: "submit.error", error: new ApiError("http", 400, "Bad Request", "image: only PNG, JPEG images are accepted") },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("feedback", {
  machine: feedbackMachine.provide({ actions: { submitted: () => {} } }),
  events: [
    { type: "form.open", extra: { ticketId: "TKT-000042" } },
    { type: "form.close" },
    { type: "field.change", field: "rating", value: "4" },
    { type: "field.change", field: "remark", value: "Quick and clear." },
    { type: "form.submit" },
    {
      type: "submit.done",
      output: { success: true, message: "Feedback submitted successfully!", data: { ...ticket, status: true, userRating: 4, userReview: "Quick and clear." } },
    },
    { type: "submit.error", error: new ApiError("http", 409, "Conflict", "Feedback has already been given for this ticket.") },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("my tickets list", {
  machine: ticketListMachine,
  // Opened from a link that names the first day raised, so one change of the last day reverses the range.
  input: { filters: { state: "", from: "2026-11-20", to: "" } },
  unreachable: {
    // Simple paths explode with the list's contexts; the step back is asserted for every paged list in the unit tests.
    "myTickets.loading --fetchPage.done--> myTickets.loading":
      "reachable, but it lands on the very snapshot page.previous reaches in as few steps, so no shortest path takes it",
  },
  events: [
    { type: "fetchPage.done", output: { rows: [{ _id: "t1" }], total: 11 } },
    { type: "fetchPage.done", output: { rows: [], total: 1 } },
    { type: "fetchPage.error", error: new Error("down") },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 2 },
    { type: "url.changed", page: 2, search: "" },
    { type: "list.reload" },
    { type: "size.change", size: 25 },
    { type: "column.toggle", column: "Email" },
    // The Raised filter (issue 26): a last day before the first is not applied, by Apply dates or with a State chosen
    // meanwhile (that is only set); the State filter: Closed only; then every ticket again.
    { type: "filter.change", field: "to", value: "2026-11-10" },
    { type: "filter.apply" },
    { type: "filter.set", field: "state", value: "closed" },
    { type: "filter.clear" },
    // Oldest first, then newest first again (issue 26).
    { type: "sort.change", sort: "createdAt" },
    { type: "sort.change", sort: "-createdAt" },
  ],
})
