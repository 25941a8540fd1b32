import { wallClockOf } from "../../../src/api/contract/zone-offset.ts"

/**
 * A moment as its reader reads it: on their own clock, the zone named (`2025-03-30 11:30 Asia/Kolkata`),
 * when they chose a zone on their profile; in UTC, said so, when they never did (the server cannot know
 * the browser they will read it in). The attached invitations always show in each reader's calendar zone.
 */
export function whenLabel(date: Date, zone: string | null | undefined): string {
  const clock = wallClockOf(zone ?? "UTC", date.getTime())
  return `${clock.slice(0, 10)} ${clock.slice(11, 16)} ${zone ?? "UTC"}`
}
