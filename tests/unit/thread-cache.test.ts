import { describe, expect, it } from "vitest"
import { memoryThreadCache } from "../../server/services/tickets/thread-cache.ts"
import type { TicketThread } from "../../src/api/contract/tickets/ticket.ts"

const thread = (query: string): TicketThread => ({
  _id: "t",
  queryId: "t",
  ticketId: "TKT-1",
  ticketType: "Technical",
  query,
  createdAt: "2026-12-05T10:00:00.000Z",
  status: false,
  userId: "u",
  name: "Uma User",
  role: "User",
  userRating: null,
  userReview: null,
  hasImage: false,
  responses: [],
})

describe("memoryThreadCache", () => {
  it("answers a thread only at the version it was kept for", () => {
    const cache = memoryThreadCache()
    cache.set("a", 3, thread("at 3"))
    expect(cache.get("a", 3)?.query).toBe("at 3")
    expect(cache.get("a", 2)).toBeUndefined()
    expect(cache.get("a", 4)).toBeUndefined()
    expect(cache.get("b", 3)).toBeUndefined()
  })

  it("keeps the newer version when an older read arrives after it", () => {
    const cache = memoryThreadCache()
    cache.set("a", 5, thread("at 5"))
    cache.set("a", 4, thread("at 4, read before the step"))
    expect(cache.get("a", 5)?.query).toBe("at 5")
    expect(cache.get("a", 4)).toBeUndefined()
    cache.set("a", 6, thread("at 6"))
    expect(cache.get("a", 6)?.query).toBe("at 6")
  })

  it("forgets the ticket used least recently first", () => {
    const cache = memoryThreadCache(2)
    cache.set("a", 1, thread("a"))
    cache.set("b", 1, thread("b"))
    expect(cache.get("a", 1)?.query).toBe("a")
    cache.set("c", 1, thread("c"))
    expect(cache.get("b", 1)).toBeUndefined()
    expect(cache.get("a", 1)?.query).toBe("a")
    expect(cache.get("c", 1)?.query).toBe("c")
  })
})
