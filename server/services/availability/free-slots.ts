import { sessionInstant } from "../../../src/api/contract/counselling/counselling-session.ts"
import { wallClockOf, zoneOffsetMinutes } from "../../../src/api/contract/zone-offset.ts"

/** Something already booked: a session of the vendor or of the client, from its start to its end. */
export interface Busy {
  start: number
  end: number
}

export interface FreeSlotsInput {
  /** Slots starting in [from, to) are offered. */
  from: number
  to: number
  /** The vendor's zone: their "HH:mm" slots name wall-clock times there. */
  zone: string
  /** The slot starts ("HH:mm") a vendor-local date offers. */
  slotsOf: (date: string) => readonly string[]
  busy: readonly Busy[]
  now: number
  slotMs: number
}

/** The calendar date (`YYYY-MM-DD`) an instant falls on in a zone. */
export const localDate = (ms: number, zone: string): string => wallClockOf(zone, ms).slice(0, 10)

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/**
 * The vendor's free slots in [from, to): each vendor-local date's slots, placed on the real instants
 * their wall-clock times name in the vendor's zone (daylight saving included: a time a spring-forward
 * night skips moves an hour later, as calendars place it), without the past, without any slot that
 * shares a minute with something booked. O((slots + busy) log busy).
 */
export function freeSlots(input: FreeSlotsInput): Busy[] {
  const busy = [...input.busy].sort((a, b) => a.start - b.start)
  // The latest end among the first i bookings: a slot is taken when one that starts before its end ends after its start.
  const endsBefore: number[] = []
  let latest = -Infinity
  for (const b of busy) endsBefore.push((latest = Math.max(latest, b.end)))
  const firstStartingAtOrAfter = (at: number) => {
    let lo = 0
    let hi = busy.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (busy[mid]!.start < at) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const taken = (start: number, end: number) => {
    const i = firstStartingAtOrAfter(end)
    return i > 0 && endsBefore[i - 1]! > start
  }

  const seen = new Set<number>()
  const free: Busy[] = []
  const last = localDate(input.to, input.zone)
  // A day either side: a zone far from UTC puts a date's slots on the neighbouring UTC day.
  for (let date = localDate(input.from - 86_400_000, input.zone); date <= nextDate(last); date = nextDate(date)) {
    const slots = input.slotsOf(date)
    if (slots.length === 0) continue
    // Most dates keep one offset all day: then every slot is the date's midnight plus its time, less the
    // offset (two zone look-ups a date). A date whose offset changes (daylight saving) places each slot itself.
    const midnight = Date.parse(`${date}T00:00:00Z`)
    const offset = zoneOffsetMinutes(input.zone, midnight - 14 * 3_600_000)
    const steady = offset === zoneOffsetMinutes(input.zone, midnight + 38 * 3_600_000)
    for (const slot of slots) {
      const start = steady
        ? midnight + (Number(slot.slice(0, 2)) * 60 + Number(slot.slice(3, 5)) - offset) * 60_000
        : sessionInstant(date, slot, input.zone).getTime()
      const end = start + input.slotMs
      if (start < input.from || start >= input.to || start <= input.now || seen.has(start) || taken(start, end)) continue
      seen.add(start)
      free.push({ start, end })
    }
  }
  return free.sort((a, b) => a.start - b.start)
}
