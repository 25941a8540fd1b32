import type { SessionView } from "../../db/repositories/counselling-sessions.repository.ts"
import type { Mailer } from "../mail/mailer.ts"
import { calendarInvite, type Attendee } from "./calendar-invite.ts"

export type SessionChange = "booked" | "changed" | "cancelled"

export interface SessionMailDeps {
  mailer: Mailer
  publicUrl: string
  now: () => number
}

const SUBJECT: Record<SessionChange, string> = {
  booked: "Counselling session booked",
  changed: "Counselling session changed",
  cancelled: "Counselling session cancelled",
}

/** `2025-03-30 00:30 UTC`: mails state UTC; the attached invite shows in each reader's own zone. */
const utcLabel = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`

function organizerOf(publicUrl: string): Attendee {
  const host = new URL(publicUrl).hostname || "console.local"
  return { name: "Console", email: `no-reply@${host.includes(".") ? host : `${host}.local`}` }
}

function bodyOf(change: SessionChange, session: SessionView, to: { name: string; other: string; link: string | null; linkLabel: string }) {
  const opening =
    change === "booked"
      ? `your 1:1 counselling session with ${to.other} is booked.`
      : change === "changed"
        ? `your 1:1 counselling session with ${to.other} has changed. The details below replace the earlier ones.`
        : `your 1:1 counselling session with ${to.other} has been cancelled.`
  const starts = new Date(session.starts_at)
  return [
    `Hello ${to.name},`,
    "",
    `${opening[0]!.toUpperCase()}${opening.slice(1)}`,
    "",
    `Topic: ${session.topic}`,
    `Agenda: ${session.agenda}`,
    `When: ${utcLabel(starts)} (${session.duration} minutes)`,
    ...(change !== "cancelled" && to.link ? [`${to.linkLabel}: ${to.link}`] : []),
    ...(session.note ? [`Note: ${session.note}`] : []),
    "",
    change === "cancelled"
      ? "The attached calendar file removes the event from your calendar."
      : "The attached calendar invitation adds the session to your calendar in your own time zone.",
    "",
  ].join("\n")
}

/**
 * Emails the client (join link) and the counsellor (start link), each with the session's .ics.
 * Sent after the change committed; answers whether both mails went out.
 */
export async function mailSessionChange(deps: SessionMailDeps, change: SessionChange, session: SessionView): Promise<boolean> {
  const client = { name: session.client_name, email: session.client_email }
  const counsellor = { name: session.counsellor_name, email: session.counsellor_email }
  const ics = calendarInvite({
    method: change === "cancelled" ? "CANCEL" : "REQUEST",
    uid: `${session.id}@counselling.console`,
    sequence: session.sequence,
    startsAt: new Date(session.starts_at),
    endsAt: new Date(session.ends_at),
    stamp: new Date(deps.now()),
    summary: `1:1 Counselling: ${session.topic}`,
    description: `${session.agenda}${session.join_link ? `\nJoin: ${session.join_link}` : ""}`,
    location: session.join_link,
    organizer: organizerOf(deps.publicUrl),
    attendees: [client, counsellor],
  })
  const attachment = {
    filename: change === "cancelled" ? "cancel.ics" : "invite.ics",
    content: ics,
    contentType: `text/calendar; charset=utf-8; method=${change === "cancelled" ? "CANCEL" : "REQUEST"}`,
  }
  const subject = `${SUBJECT[change]}: ${session.topic}`
  const results = await Promise.allSettled([
    deps.mailer.send({
      to: client.email,
      subject,
      text: bodyOf(change, session, { name: client.name, other: counsellor.name, link: session.join_link, linkLabel: "Join link" }),
      attachments: [attachment],
    }),
    deps.mailer.send({
      to: counsellor.email,
      subject,
      text: bodyOf(change, session, { name: counsellor.name, other: client.name, link: session.start_link, linkLabel: "Start link" }),
      attachments: [attachment],
    }),
  ])
  return results.every((r) => r.status === "fulfilled")
}
