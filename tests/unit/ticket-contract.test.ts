import { describe, expect, it } from "vitest"
import { decodeOrThrow } from "../../src/api/contract/decode.ts"
import {
  AddResponseRequest,
  CreateTicketFields,
  FeedbackRequest,
  hasTicketImageExtension,
  Ticket,
  TicketListAnswer,
  ticketCode,
} from "../../src/api/contract/tickets/ticket.ts"
import { sampleTicket } from "./ticket-samples.ts"

const decode = (schema: Parameters<typeof decodeOrThrow>[0], value: unknown) => () => decodeOrThrow(schema, value, "")

describe("ticket contract", () => {
  it("accepts the spec's ticket and list shapes", () => {
    expect(decodeOrThrow(Ticket, sampleTicket, "")).toEqual(sampleTicket)
    const list = {
      success: true,
      data: [sampleTicket, { ...sampleTicket, _id: "q2", queryId: "q2", status: true, userRating: 5, userReview: "Great" }],
      pagination: { total: 2, page: 1, limit: 10, totalPages: 1 },
    }
    expect(decodeOrThrow(TicketListAnswer, list, "").data).toHaveLength(2)
  })

  it("refuses a malformed ticket, naming the field", () => {
    expect(decode(Ticket, { ...sampleTicket, ticketType: "Billing" })).toThrow(/^ticketType: /)
    expect(decode(Ticket, { ...sampleTicket, userRating: 7 })).toThrow("userRating: must be a whole number from 1 to 5")
    expect(decode(Ticket, { ...sampleTicket, ticketId: "123" })).toThrow("ticketId: must look like TKT-000123")
    expect(decode(Ticket, { ...sampleTicket, status: "Closed" })).toThrow(/^status: /)
  })

  it("checks the ticket form: type Technical or General, query required and trimmed", () => {
    expect(decodeOrThrow(CreateTicketFields, { ticketType: "General", query: "  Hi  " }, "")).toEqual({ ticketType: "General", query: "Hi" })
    expect(decode(CreateTicketFields, { query: "Hi" })).toThrow("ticketType: is required")
    expect(decode(CreateTicketFields, { ticketType: "Technical", query: " " })).toThrow("query: is required")
  })

  it("checks feedback: whole rating 1 to 5, remark and a TKT- ticketId", () => {
    expect(decodeOrThrow(FeedbackRequest, { rating: 5, remark: " Great ", ticketId: "TKT-000042" }, "")).toEqual({
      rating: 5,
      remark: "Great",
      ticketId: "TKT-000042",
    })
    expect(decode(FeedbackRequest, { rating: 0, remark: "x", ticketId: "TKT-000042" })).toThrow("rating: must be a whole number from 1 to 5")
    expect(decode(FeedbackRequest, { rating: 2.5, remark: "x", ticketId: "TKT-000042" })).toThrow("rating: must be a whole number from 1 to 5")
    expect(decode(FeedbackRequest, { rating: 3, remark: "", ticketId: "TKT-000042" })).toThrow("remark: is required")
    expect(decode(FeedbackRequest, { rating: 3, remark: "x" })).toThrow("ticketId: is required")
  })

  it("takes {question, answer, queryId} with either side left out", () => {
    expect(decodeOrThrow(AddResponseRequest, { question: "Why?", queryId: "q1" }, "")).toEqual({ question: "Why?", queryId: "q1" })
    expect(decodeOrThrow(AddResponseRequest, { question: null, answer: "Because.", queryId: "q1" }, "")).toMatchObject({ answer: "Because." })
    expect(decode(AddResponseRequest, { question: "Why?" })).toThrow("queryId: is required")
  })

  it("numbers tickets TKT-000123 and allows only .png, .jpg, .jpeg names", () => {
    expect(ticketCode(123)).toBe("TKT-000123")
    expect(ticketCode(1234567)).toBe("TKT-1234567")
    for (const name of ["a.png", "B.JPG", "c.jpeg"]) expect(hasTicketImageExtension(name), name).toBe(true)
    for (const name of ["a.gif", "b.svg", "c.png.html", "jpeg"]) expect(hasTicketImageExtension(name), name).toBe(false)
  })
})
