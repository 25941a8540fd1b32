import type { SessionView } from "../../db/repositories/counselling-sessions.repository.ts"
import type { Db } from "../../db/database.ts"
import type { Notification } from "../notifications/queue.ts"
import { scheduleNotifications, unscheduleFor, type Scheduled } from "../notifications/scheduled.ts"
import { whenLabel } from "../notifications/when-label.ts"
import { calendarInvite, type Attendee } from "./calendar-invite.ts"

export type SessionChange = "booked" | "changed" | "cancelled" | "rescheduled" | "rescheduleRequested" | "completed" | "noShow"

/** What a lifecycle step adds to its mails: who did it, why, and the start it moved from or asks for. */
export interface ChangeDetails {
  actor?: string
  reason?: string | null
  previousStartsAt?: Date
  requestedStartsAt?: Date
}

/** Steps that change the calendar event carry it: an update, or its cancellation. */
const invitesOf: Record<SessionChange, "REQUEST" | "CANCEL" | null> = {
  booked: "REQUEST",
  changed: "REQUEST",
  rescheduled: "REQUEST",
  cancelled: "CANCEL",
  rescheduleRequested: null,
  completed: null,
  noShow: null,
}

export interface SessionMailDeps {
  publicUrl: string
  now: () => number
}

function organizerOf(publicUrl: string): Attendee {
  const host = new URL(publicUrl).hostname || "console.local"
  return { name: "Console", email: `no-reply@${host.includes(".") ? host : `${host}.local`}` }
}

/** One of a session's two people as their mail addresses them: the moments on their own clock. */
interface Side {
  name: string
  other: string
  link: string | null
  linkLabel: string
  page: string
  zone: string | null
}

/** The fields of one side's mail: the other person, and the link this side opens the meeting with. */
function fieldsOf(session: SessionView, details: ChangeDetails, to: Side): Record<string, string> {
  const when = (date: Date) => whenLabel(date, to.zone)
  return {
    actor: details.actor ?? "The Console team",
    reasonLine: details.reason ? `Reason: ${details.reason}` : "",
    previousWhen: when(details.previousStartsAt ?? new Date(session.starts_at)),
    ...(details.requestedStartsAt ? { requestedWhen: when(details.requestedStartsAt) } : {}),
    name: to.name,
    with: to.other,
    topic: session.topic,
    agenda: session.agenda,
    when: when(new Date(session.starts_at)),
    duration: String(session.duration),
    meetingLine: to.link ? `${to.linkLabel}: ${to.link}` : "",
    noteLine: session.note ? `Note: ${session.note}` : "",
    sessionsUrl: to.page,
  }
}

const clientSide = (deps: SessionMailDeps, session: SessionView): Side => ({
  name: session.client_name,
  other: session.counsellor_name,
  link: session.join_link,
  linkLabel: "Join link",
  page: `${deps.publicUrl}/upcoming-session`,
  zone: session.client_time_zone,
})

const counsellorSide = (deps: SessionMailDeps, session: SessionView): Side => ({
  name: session.counsellor_name,
  other: session.client_name,
  link: session.start_link,
  linkLabel: "Start link",
  page: `${deps.publicUrl}/upcoming-session`,
  zone: session.counsellor_time_zone,
})

/**
 * The emails to the client (join link) and the counsellor (start link), each with the session's .ics;
 * queued in the change's transaction.
 */
export function sessionChangeMails(deps: SessionMailDeps, change: SessionChange, session: SessionView, details: ChangeDetails = {}): Notification[] {
  const method = invitesOf[change]
  const attachments = method ? [inviteOf(deps, session, method)] : []
  const template = `session.${change}` as const
  const entity = { type: "counsellingSession", id: session.id }
  return [
    {
      template,
      entity,
      to: session.client_email,
      fields: fieldsOf(session, details, clientSide(deps, session)),
      attachments,
    },
    {
      template,
      entity,
      to: session.counsellor_email,
      fields: fieldsOf(session, details, counsellorSide(deps, session)),
      attachments,
    },
  ]
}

/** The session as one calendar event: the same UID and sequence in every invitation and in the feed. */
export function sessionEventOf(deps: SessionMailDeps, session: SessionView, stamp: Date) {
  return {
    uid: `${session.id}@counselling.console`,
    sequence: session.sequence,
    startsAt: new Date(session.starts_at),
    endsAt: new Date(session.ends_at),
    stamp,
    summary: `1:1 Counselling: ${session.topic}`,
    description: `${session.agenda}${session.join_link ? `\nJoin: ${session.join_link}` : ""}`,
    location: session.join_link,
    organizer: organizerOf(deps.publicUrl),
    attendees: [
      { name: session.client_name, email: session.client_email },
      { name: session.counsellor_name, email: session.counsellor_email },
    ],
  }
}

/** The session's calendar event (RFC 5545), as an update or as its cancellation; the sequence orders them. */
function inviteOf(deps: SessionMailDeps, session: SessionView, method: "REQUEST" | "CANCEL") {
  const ics = calendarInvite({ method, ...sessionEventOf(deps, session, new Date(deps.now())) })
  return {
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    content: ics,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  }
}

/** The reminders both people get before a session: a day and an hour before, each its own email template. */
const REMINDERS = [
  { template: "session.reminder24h", beforeMs: 24 * 60 * 60 * 1000 },
  { template: "session.reminder1h", beforeMs: 60 * 60 * 1000 },
] as const

/**
 * The reminders of a session as it now stands, for `scheduled.ts`; none once it is cancelled or over.
 * The key names the start, so a move schedules new ones while a reminder already told is never told again.
 */
export function sessionReminders(deps: SessionMailDeps, session: SessionView): Scheduled[] {
  if (session.state !== "scheduled" && session.state !== "rescheduled") return []
  const startsAt = new Date(session.starts_at)
  const entity = { type: "counsellingSession", id: session.id }
  return REMINDERS.map(({ template, beforeMs }) => ({
    key: `${template}/${session.id}/${startsAt.toISOString()}`,
    entity,
    dueAt: new Date(startsAt.getTime() - beforeMs),
    expiresAt: startsAt,
    notifications: [
      {
        template,
        entity,
        to: session.client_email,
        fields: fieldsOf(session, {}, clientSide(deps, session)),
      },
      {
        template,
        entity,
        to: session.counsellor_email,
        fields: fieldsOf(session, {}, counsellorSide(deps, session)),
      },
    ],
  }))
}

/**
 * Replaces a session's pending reminders with those of its current time and state, in the change's
 * transaction; answers when the earliest falls due (the postman is woken then, after the commit).
 */
export async function refreshReminders(trx: Db, deps: SessionMailDeps, session: SessionView, at: Date): Promise<Date | null> {
  await unscheduleFor(trx, { type: "counsellingSession", id: session.id })
  return scheduleNotifications(trx, at, sessionReminders(deps, session))
}
