import { describe, expect, it } from "vitest"
import { direction, fromNearestEnd, paging } from "../../server/db/paging.ts"

describe("fromNearestEnd: which end a page of a counted list is read from", () => {
  it("reads the near half in list order", () => {
    expect(fromNearestEnd(95, paging({ page: 1, limit: 10 }, 10))).toEqual({ reverse: false, limit: 10, offset: 0 })
    expect(fromNearestEnd(95, paging({ page: 4, limit: 10 }, 10))).toEqual({ reverse: false, limit: 10, offset: 30 })
  })
  it("reads the far half from the other end: the last, short page is the first rows of the reversed list", () => {
    expect(fromNearestEnd(95, paging({ page: 10, limit: 10 }, 10))).toEqual({ reverse: true, limit: 5, offset: 0 })
    expect(fromNearestEnd(95, paging({ page: 9, limit: 10 }, 10))).toEqual({ reverse: true, limit: 10, offset: 5 })
    expect(fromNearestEnd(100, paging({ page: 6, limit: 10 }, 10))).toEqual({ reverse: true, limit: 10, offset: 40 })
  })
  it("reads nothing past the end or from an empty list", () => {
    expect(fromNearestEnd(95, paging({ page: 11, limit: 10 }, 10)).limit).toBe(0)
    expect(fromNearestEnd(0, paging({ page: 1, limit: 10 }, 10)).limit).toBe(0)
  })
  it("keeps a page far past any list inside what the database's bigint holds", () => {
    const far = paging({ page: 5_541_836_699_597_027, limit: 5000 }, 10, 5000)
    expect(far.offset).toBe(Number.MAX_SAFE_INTEGER)
    expect(fromNearestEnd(95, far).limit).toBe(0)
  })
  it("flips the order only when reading from the far end", () => {
    expect(direction("desc", { reverse: true, limit: 1, offset: 0 })).toBe("asc")
    expect(direction("desc", { reverse: false, limit: 1, offset: 0 })).toBe("desc")
    expect(direction("asc", { reverse: true, limit: 1, offset: 0 })).toBe("desc")
  })
})
