import { describe, expect, it } from "vitest"
import dayjs from "dayjs"
import { setViewerZone } from "../../src/machines/account/viewer-zone.ts"
import { rangeInstants, rangeOf } from "../../src/machines/counselling/session-calendar.machine.ts"

describe("the sessions' calendar ranges", () => {
  it("shows a week from Monday to Sunday around the day", () => {
    expect(rangeOf("week", "2030-01-09")).toEqual({ start: "2030-01-07", end: "2030-01-14" })
    expect(rangeOf("week", "2030-01-07")).toEqual({ start: "2030-01-07", end: "2030-01-14" })
    expect(rangeOf("week", "2030-01-13")).toEqual({ start: "2030-01-07", end: "2030-01-14" })
  })

  it("shows a month padded to whole weeks", () => {
    // January 2030 starts on a Tuesday and ends on a Thursday.
    expect(rangeOf("month", "2030-01-20")).toEqual({ start: "2029-12-31", end: "2030-02-04" })
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(rangeOf("month", "2027-02-10")).toEqual({ start: "2027-02-01", end: "2027-03-01" })
  })

  it("asks the API for the midnights of the viewer's clock (the browser's, or the profile's zone)", () => {
    const { from, to } = rangeInstants({ start: "2030-01-07", end: "2030-01-14" })
    expect(Date.parse(from)).toBe(dayjs("2030-01-07").valueOf())
    expect(Date.parse(to)).toBe(dayjs("2030-01-14").valueOf())
    setViewerZone("Asia/Kolkata")
    expect(rangeInstants({ start: "2030-01-07", end: "2030-01-14" })).toEqual({ from: "2030-01-06T18:30:00.000Z", to: "2030-01-13T18:30:00.000Z" })
    setViewerZone(null)
  })
})
