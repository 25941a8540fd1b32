import dayjs, { type Dayjs } from "dayjs"
import utc from "dayjs/plugin/utc"
import { isTimeZone } from "../../api/contract/account/time-zone.ts"
import { zonedInstant, zoneOffsetMinutes } from "../../api/contract/zone-offset.ts"

dayjs.extend(utc)

/*
 * The one clock every screen shows and reads times on (issue 24): the time zone the person chose on their
 * profile, or their browser's until they choose one. dayjs alone only knows the browser's clock, so a
 * moment is turned into the viewer's wall clock through the contract's offset (the same code the server
 * places sessions with), and a typed date and time back into the instant they name there.
 */

let chosen: string | null = null

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The zone times are shown and typed in, as it is named on every screen that shows times. */
export const viewerZone = (): string => chosen ?? browserZone()

/** The profile's zone, once read or saved (null: the person never chose, the browser's is used). */
export function setViewerZone(zone: string | null): void {
  // The server's zone database may be newer than this browser's: a zone it does not know leaves the browser's clock.
  chosen = zone !== null && isTimeZone(zone) ? zone : null
}

/** A moment as the viewer's wall clock: format its fields; its offset is not the viewer's and is not to be asked. */
export function wallClock(instant: string | number | Date): Dayjs {
  const at = dayjs(instant).valueOf()
  if (Number.isNaN(at)) return dayjs(NaN)
  return dayjs.utc(at + zoneOffsetMinutes(viewerZone(), at) * 60_000)
}

/** The instant a date and an `HH:mm` typed by the viewer name on their clock (a time a spring-forward skips lands an hour on). */
export const instantAt = (date: string, time: string): Date =>
  Number.isNaN(Date.parse(`${date}T${time}:00Z`)) ? new Date(NaN) : zonedInstant(date, time, viewerZone())

/** Today's date on the viewer's clock, `YYYY-MM-DD`. */
export const todayOnViewerClock = (now = Date.now()): string => wallClock(now).format("YYYY-MM-DD")

/** The time now on the viewer's clock, `HH:mm`. */
export const timeOnViewerClock = (now = Date.now()): string => wallClock(now).format("HH:mm")

/** The viewer's offset from UTC at an instant, as ISO 8601 writes it after a time (`+05:30`, `-04:00`, `+00:00`). */
export function offsetAt(at: number): string {
  const minutes = zoneOffsetMinutes(viewerZone(), at)
  const abs = Math.abs(minutes)
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`
}

/** What a `datetime-local` field holds (`2026-11-01T09:00`, seconds optional) as the instant it names on the viewer's clock. */
export function instantOfInput(value: string): Date {
  const parts = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value)
  if (!parts) return new Date(NaN)
  return new Date(instantAt(parts[1]!, parts[2]!).getTime() + Number(parts[3] ?? 0) * 1000)
}

/** A `datetime-local` value as the ISO instant it names on the viewer's clock ('' when empty or not a date-time). */
export function toInstant(local: string): string {
  const at = instantOfInput(local)
  return Number.isNaN(at.getTime()) ? "" : at.toISOString()
}

/** An instant as a `datetime-local` field shows it on the viewer's clock (seconds only when it has some). */
export function inputOfInstant(instant: string): string {
  if (!instant || Number.isNaN(new Date(instant).getTime())) return ""
  const local = wallClock(new Date(instant))
  return local.format(local.second() ? "YYYY-MM-DDTHH:mm:ss" : "YYYY-MM-DDTHH:mm")
}
