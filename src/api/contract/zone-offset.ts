/*
 * Wall clocks in a named zone from the platform's own zone database (Intl), without a date library: the
 * server places sessions and free slots with it, and the console shows and reads times in the viewer's
 * chosen zone with it, so both sides agree to the minute, daylight-saving days included.
 */

/** One formatter per zone: making one costs far more than using it (a month of free slots asks ~2,000 times). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>()
const zoneFormat = (timeZone: string) => {
  let format = zoneFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
    zoneFormats.set(timeZone, format)
  }
  return format
}

/** Minutes the zone's clocks are ahead of UTC at an instant. */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  const parts = zoneFormat(timeZone).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value)
  const wallClockAsUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"))
  return Math.round((wallClockAsUtc - Math.floor(at / 1000) * 1000) / 60_000)
}

/**
 * The instant a wall-clock `date` and `HH:mm` name in a zone. The offset is read at the naive instant and
 * read again where that lands, which settles it on both sides of a daylight-saving change; a time the
 * change skips (02:30 on a spring-forward night) lands an hour later, as calendars place it.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`)
  const first = naive - zoneOffsetMinutes(timeZone, naive) * 60_000
  const settled = naive - zoneOffsetMinutes(timeZone, first) * 60_000
  return new Date(zoneOffsetMinutes(timeZone, settled) === zoneOffsetMinutes(timeZone, first) ? settled : Math.max(first, settled))
}

/** The wall clock an instant shows in a zone, `YYYY-MM-DDTHH:mm`. */
export const wallClockOf = (timeZone: string, at: number): string => new Date(at + zoneOffsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 16)
