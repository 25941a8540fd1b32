import { randomBytes } from "node:crypto"
import type { Meeting, MeetingProvider } from "./meeting-provider.ts"

/**
 * Jitsi Meet rooms need no account: a room exists as soon as someone opens its address. The room
 * name is the meeting key: 128 random bits, so nobody can guess their way into a session.
 */
export function jitsiMeetings(baseUrl = "https://meet.jit.si"): MeetingProvider {
  const base = baseUrl.replace(/\/$/, "")
  const linksOf = (meetingKey: string): Meeting => ({ meetingKey, joinLink: `${base}/${meetingKey}`, startLink: `${base}/${meetingKey}` })
  return {
    name: "Jitsi Meet",
    async create() {
      return linksOf(`Counselling${randomBytes(16).toString("hex")}`)
    },
    async update(meeting) {
      return meeting
    },
    async remove() {
      // Jitsi rooms vanish when empty; nothing to delete.
    },
  }
}
