/** A video room for one session: the key names it, the client joins, the counsellor starts. */
export interface Meeting {
  meetingKey: string
  joinLink: string
  startLink: string
}

export interface MeetingRequest {
  topic: string
  startsAt: Date
  durationMinutes: number
}

/**
 * Where video links come from. The default is Jitsi Meet (no account, no network call); a provider
 * with an API (Zoom, say) implements the same three calls.
 */
export interface MeetingProvider {
  readonly name: string
  create(request: MeetingRequest): Promise<Meeting>
  /** Called when a session moves; rooms that do not depend on time return the meeting unchanged. */
  update(meeting: Meeting, request: MeetingRequest): Promise<Meeting>
  remove(meetingKey: string): Promise<void>
}
