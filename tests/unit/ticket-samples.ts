import type { Ticket, TicketThread } from "../../src/api/contract/tickets/ticket.ts"

export const sampleTicket: Ticket = {
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
  hasImage: false,
}

export const thread = (over: Partial<TicketThread> = {}): TicketThread => ({ ...sampleTicket, responses: [], ...over })

export const answerBy = (text: string, i = 1) => ({
  _id: `r${i}`,
  question: null,
  answer: text,
  createdAt: "2026-11-01T11:00:00.000Z",
  addedBy: { _id: "u-admin", name: "Asha Admin", role: "Admin" as const },
})

export const questionBy = (text: string, i = 1) => ({
  _id: `r${i}`,
  question: text,
  answer: null,
  createdAt: "2026-11-01T11:00:00.000Z",
  addedBy: { _id: "u-lawyer", name: "Leela Lawyer", role: "Lawyer" as const },
})
