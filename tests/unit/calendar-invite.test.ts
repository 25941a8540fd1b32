import { describe, expect, it } from "vitest"
import { calendarInvite, foldLine, icsText, icsUtc } from "../../server/services/counselling/calendar-invite.ts"

const invite = {
  method: "REQUEST" as const,
  uid: "s1@counselling.console",
  sequence: 2,
  startsAt: new Date("2030-03-31T00:30:00.000Z"),
  endsAt: new Date("2030-03-31T01:30:00.000Z"),
  stamp: new Date("2030-03-01T10:00:00.000Z"),
  summary: "1:1 Counselling: Sleep, stress; and more",
  description: "Line one\nLine two",
  location: "https://meet.jit.si/Counsellingabc",
  organizer: { name: "Console", email: "no-reply@console.test" },
  attendees: [{ name: 'Uma "U" User', email: "user@demo.test" }],
}

describe("the hand-written .ics invite", () => {
  it("writes UTC times, escapes text and ends every line with CRLF", () => {
    expect(icsUtc(new Date("2030-03-31T00:30:00.000Z"))).toBe("20300331T003000Z")
    expect(icsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne")
    const ics = calendarInvite(invite)
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true)
    expect(ics).toContain("\r\nMETHOD:REQUEST\r\n")
    expect(ics).toContain("\r\nUID:s1@counselling.console\r\nSEQUENCE:2\r\n")
    expect(ics).toContain("\r\nDTSTART:20300331T003000Z\r\nDTEND:20300331T013000Z\r\n")
    expect(ics).toContain("SUMMARY:1:1 Counselling: Sleep\\, stress\\; and more")
    expect(ics).toContain('ATTENDEE;CN="Uma U User"')
    expect(ics).toContain("\r\nSTATUS:CONFIRMED\r\n")
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true)
    expect(ics.replace(/\r\n/g, "").includes("\n")).toBe(false)
  })

  it("cancels with METHOD:CANCEL and STATUS:CANCELLED", () => {
    const ics = calendarInvite({ ...invite, method: "CANCEL", sequence: 3 })
    expect(ics).toContain("\r\nMETHOD:CANCEL\r\n")
    expect(ics).toContain("\r\nSTATUS:CANCELLED\r\n")
    expect(ics).toContain("\r\nSEQUENCE:3\r\n")
  })

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(60)}`
    const folded = foldLine(line)
    const parts = folded.split("\r\n")
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75)
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true)
    expect(folded.replace(/\r\n /g, "")).toBe(line)
  })
})
