import dayjs from "dayjs"
import { afterEach, describe, expect, it } from "vitest"
import {
  browserZone,
  inputOfInstant,
  instantAt,
  instantOfInput,
  offsetAt,
  setViewerZone,
  todayOnViewerClock,
  toInstant,
  viewerZone,
  wallClock,
} from "../../src/machines/account/viewer-zone.ts"
import { fromSessionDateTime, toSessionSlot } from "../../src/machines/counselling/session-form.ts"
import { dayRange, isFreeTime, slotTime } from "../../src/machines/counselling/free-slots.machine.ts"
import { rangeInstants } from "../../src/machines/counselling/session-calendar.machine.ts"
import { formatDate, formatDateTime } from "../../src/ui/components/format.ts"

afterEach(() => setViewerZone(null))

describe("the viewer's clock (issue 24: times shown in the viewer's zone)", () => {
  it("is the browser's until the profile names a zone, and the browser's clock is then dayjs's own", () => {
    expect(viewerZone()).toBe(browserZone())
    const at = "2026-03-29T00:30:00.000Z"
    expect(wallClock(at).format("YYYY-MM-DD HH:mm")).toBe(dayjs(at).format("YYYY-MM-DD HH:mm"))
  })

  it("shows a moment on the profile's clock and reads a typed time back to the same moment", () => {
    setViewerZone("Asia/Tokyo")
    expect(viewerZone()).toBe("Asia/Tokyo")
    expect(wallClock("2026-03-29T00:30:00.000Z").format("YYYY-MM-DD HH:mm")).toBe("2026-03-29 09:30")
    expect(formatDateTime("2026-03-29T15:30:00.000Z")).toBe("30 Mar 2026 | 12:30 AM")
    expect(instantAt("2026-03-29", "09:30").toISOString()).toBe("2026-03-29T00:30:00.000Z")
    expect(todayOnViewerClock(Date.parse("2026-03-29T16:00:00Z"))).toBe("2026-03-30")
  })

  it("places a time a spring-forward skips an hour on, as the server does, and names each offset", () => {
    setViewerZone("Europe/Berlin")
    expect(instantAt("2026-03-29", "02:30").toISOString()).toBe("2026-03-29T01:30:00.000Z")
    expect(instantAt("2026-10-25", "12:00").toISOString()).toBe("2026-10-25T11:00:00.000Z")
    expect(offsetAt(Date.parse("2026-07-01T12:00:00Z"))).toBe("+02:00")
    setViewerZone("America/St_Johns")
    expect(offsetAt(Date.parse("2026-07-01T12:00:00Z"))).toBe("-02:30")
    setViewerZone("UTC")
    expect(offsetAt(Date.parse("2026-07-01T12:00:00Z"))).toBe("+00:00")
  })

  it("sends the session form's date and time with the profile zone's offset, and fills the form back on that clock", () => {
    setViewerZone("Asia/Kolkata")
    expect(toSessionSlot("2026-12-01", "06:00")).toEqual({ date: "2026-12-01", time: "06:00+05:30" })
    expect(fromSessionDateTime("2026-12-01T00:30:00.000Z")).toEqual({ date: "2026-12-01", time: "06:00" })
  })

  it("asks for free slots over the viewer's day and matches a typed time to a slot on that clock", () => {
    setViewerZone("Asia/Tokyo")
    expect(dayRange("2026-12-01")).toEqual({ from: "2026-11-30T15:00:00.000Z", to: "2026-12-01T15:00:00.000Z" })
    const slot = { start: "2026-12-01T01:00:00.000Z", end: "2026-12-01T01:30:00.000Z" }
    expect(slotTime(slot)).toBe("10:00")
    expect(isFreeTime([slot], "2026-12-01", "10:00")).toBe(true)
    expect(isFreeTime([slot], "2026-12-01", "01:00")).toBe(false)
    expect(rangeInstants({ start: "2026-11-30", end: "2026-12-07" })).toEqual({ from: "2026-11-29T15:00:00.000Z", to: "2026-12-06T15:00:00.000Z" })
  })

  it("keeps a calendar date (an expiration date) as it is whatever the clock", () => {
    setViewerZone("Pacific/Kiritimati")
    expect(formatDate("2027-05-01")).toBe("01 May 2027")
    setViewerZone("Pacific/Pago_Pago")
    expect(formatDate("2027-05-01")).toBe("01 May 2027")
    expect(formatDate("2027-05-01T05:00:00.000Z")).toBe("30 Apr 2027")
  })

  it("reads and writes the audit's date-time fields on the viewer's clock", () => {
    setViewerZone("Asia/Kolkata")
    expect(instantOfInput("2026-11-01T09:00").toISOString()).toBe("2026-11-01T03:30:00.000Z")
    expect(instantOfInput("2026-11-01T09:00:15").toISOString()).toBe("2026-11-01T03:30:15.000Z")
    expect(toInstant("2026-11-01T09:00")).toBe("2026-11-01T03:30:00.000Z")
    expect(toInstant("not a date")).toBe("")
    expect(inputOfInstant("2026-11-01T03:30:00.000Z")).toBe("2026-11-01T09:00")
    expect(inputOfInstant("2026-11-01T03:30:15.000Z")).toBe("2026-11-01T09:00:15")
    expect(inputOfInstant("")).toBe("")
  })

  it("ignores a zone this browser does not know", () => {
    setViewerZone("Mars/Olympus_Mons")
    expect(viewerZone()).toBe(browserZone())
    setViewerZone("Asia/Tokyo")
    expect(viewerZone()).toBe("Asia/Tokyo")
  })

  it("never throws on what is not a date or time: an invalid moment stays invalid", () => {
    setViewerZone("Asia/Tokyo")
    expect(Number.isNaN(instantAt("2026-13-01", "10:00").getTime())).toBe(true)
    expect(Number.isNaN(instantAt("2026-02-01", "25:00").getTime())).toBe(true)
    expect(wallClock("nonsense").isValid()).toBe(false)
  })
})
