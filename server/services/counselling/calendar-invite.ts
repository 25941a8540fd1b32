/**
 * iCalendar (RFC 5545) invitations written by hand: METHOD REQUEST for a booking or a change,
 * CANCEL for a deletion (RFC 5546). The UID is stable per session and SEQUENCE grows with every
 * change, so calendars update or remove the one event instead of adding another.
 */
export interface Attendee {
  name: string
  email: string
}

export interface CalendarInvite {
  method: "REQUEST" | "CANCEL"
  uid: string
  sequence: number
  startsAt: Date
  endsAt: Date
  stamp: Date
  summary: string
  description: string
  location: string | null
  organizer: Attendee
  attendees: Attendee[]
}

/** `20250330T003000Z`: every time in the invite is UTC. */
export const icsUtc = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")

/** TEXT values escape backslash, semicolon, comma and line breaks. */
export const icsText = (text: string): string => text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n")

/** Parameter values (CN) are quoted; quotes are not allowed inside them. */
const icsParam = (text: string): string => `"${text.replace(/["\r\n]/g, "")}"`

/** Lines longer than 75 octets are folded: CRLF followed by one space (never inside a UTF-8 character). */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ""
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ""
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join("\r\n ")
}

/** One event's lines (VEVENT), shared by an emailed invitation and the subscribed feed. */
function eventLines(event: Omit<CalendarInvite, "method"> & { cancelled: boolean }): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.startsAt)}`,
    `DTEND:${icsUtc(event.endsAt)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`, `URL:${event.location}`] : []),
    `ORGANIZER;CN=${icsParam(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...event.attendees.map((a) => `ATTENDEE;CN=${icsParam(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${a.email}`),
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ]
}

const calendarOf = (head: string[], events: string[][]) => `${[...head, ...events.flat(), "END:VCALENDAR"].map(foldLine).join("\r\n")}\r\n`

export function calendarInvite(invite: CalendarInvite): string {
  return calendarOf(
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Console//1:1 Counselling//EN", "CALSCALE:GREGORIAN", `METHOD:${invite.method}`],
    [eventLines({ ...invite, cancelled: invite.method === "CANCEL" })],
  )
}

/**
 * A subscribed calendar (METHOD:PUBLISH): every event of one person, cancelled ones marked so, with the
 * UIDs and sequences of the emailed invitations so both land on the same event. Apps are asked to look
 * again every 15 minutes.
 */
export function calendarFeedIcs(name: string, events: Array<Omit<CalendarInvite, "method"> & { cancelled: boolean }>): string {
  return calendarOf(
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Console//1:1 Counselling//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      `X-WR-CALNAME:${icsText(name)}`,
      "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
      "X-PUBLISHED-TTL:PT15M",
    ],
    events.map(eventLines),
  )
}
