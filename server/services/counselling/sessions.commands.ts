import { randomUUID } from "node:crypto"
import type { CreateSessionRequest, UpdateSessionRequest } from "../../../src/api/contract/counselling/counselling-session.ts"
import { sessionInstant } from "../../../src/api/contract/counselling/counselling-session.ts"
import { assignableRoles } from "../../../src/api/contract/counselling/counselling-user.ts"
import { MISSING_MEETING_KEY_MESSAGE, refusalOf, sessionLife, sessionStatus } from "../../../src/machines/counselling/counselling-session.machine.ts"
import type { Db } from "../../db/database.ts"
import { latestEnquiryOf } from "../../db/repositories/counselling-enquiries.repository.ts"
import * as repo from "../../db/repositories/counselling-sessions.repository.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, conflict, notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import type { MeetingProvider } from "../meetings/meeting-provider.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications, type NotifyDeps } from "../notifications/queue.ts"
import { unscheduleFor } from "../notifications/scheduled.ts"
import { refreshReminders, sessionChangeMails } from "./session-mail.ts"

export interface SessionDeps extends NotifyDeps {
  db: Db
  meetings: MeetingProvider
  now: () => number
}

export const SESSION_CREATED = "Session created successfully!"
export const SESSION_UPDATED = "Session updated successfully!"
export const SESSION_DELETED = "Session deleted successfully."
export const COUNSELLOR_BUSY = "The counsellor already has a session at this time."
export const CLIENT_BUSY = "The client already has a session at this time."
const MAIL_FAILED = " The email invitations could not be sent yet; they will be retried automatically."

/** Start and end instants of a request; a start that is not upcoming by the session machine is refused. */
function timesOf(deps: SessionDeps, body: { date: string; time: string; timeZone?: string | undefined; duration: number }) {
  const startsAt = sessionInstant(body.date, body.time, body.timeZone)
  if (sessionStatus(startsAt, deps.now()) !== "upcoming") throw badRequest("time: the session must start in the future")
  return { startsAt, endsAt: new Date(startsAt.getTime() + body.duration * 60_000) }
}

async function lockBookableCounsellor(trx: Db, counsellorId: string) {
  const counsellor = await repo.lockCounsellor(trx, counsellorId)
  if (!counsellor) throw notFound("Counsellor not found.")
  if (!(assignableRoles as readonly string[]).includes(counsellor.role) || counsellor.status !== "Approve") {
    throw badRequest("counsellorId: must be an approved person of an assignable role")
  }
}

/** Neither person may be in two sessions at once (cancelled ones have given their time back). */
export async function refuseOverlaps(trx: Db, people: { counsellor_id: string; user_id: string; id?: string }, times: { startsAt: Date; endsAt: Date }) {
  const taken = await repo.findOverlaps(trx, { counsellorId: people.counsellor_id, userId: people.user_id }, times.startsAt, times.endsAt, people.id ?? null)
  if (taken.counsellor) throw conflict(COUNSELLOR_BUSY)
  if (taken.client) throw conflict(CLIENT_BUSY)
}

const snapshot = async (trx: Db, id: string, now: number) => {
  const view = (await repo.findSessionById(trx, id))!
  return { view, session: repo.toCounsellingSession(view, now) }
}

export async function createSession(deps: SessionDeps, caller: Caller, body: CreateSessionRequest) {
  const times = timesOf(deps, body)
  if (body.counsellorId === body.userId) throw badRequest("counsellorId: a user cannot be their own counsellor")
  // A time already taken is refused on one plain read, before any meeting, lock or transaction: a burst of
  // bookings for one counsellor's hour (all but one must lose) otherwise queues every loser through the
  // counsellor's row lock, each holding a pooled connection for six statements. The check under the lock
  // below stays the one that decides.
  await refuseOverlaps(deps.db, { counsellor_id: body.counsellorId, user_id: body.userId }, times)
  const meeting = await deps.meetings.create({ topic: body.topic, startsAt: times.startsAt, durationMinutes: body.duration })
  const now = deps.now()
  let queued = NOTHING_QUEUED
  let remindAt: Date | null = null
  const created = await deps.db
    .transaction()
    .execute(async (trx) => {
      await repo.lockPeople(trx, [body.counsellorId, body.userId])
      await lockBookableCounsellor(trx, body.counsellorId)
      const client = await findUserById(trx, body.userId)
      if (!client || client.role !== "User") throw notFound("User not found.")
      await refuseOverlaps(trx, { counsellor_id: body.counsellorId, user_id: body.userId }, times)
      const enquiry = await latestEnquiryOf(trx, body.userId)
      const { id } = await repo.insertSession(trx, {
        id: randomUUID(),
        user_id: body.userId,
        counsellor_id: body.counsellorId,
        topic: body.topic,
        agenda: body.agenda,
        note: body.note || null,
        duration: body.duration,
        starts_at: times.startsAt,
        ends_at: times.endsAt,
        meeting_key: meeting.meetingKey,
        join_link: meeting.joinLink,
        start_link: meeting.startLink,
        booking_age: enquiry?.age ?? null,
        created_by: caller.id,
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      const after = await snapshot(trx, id, now)
      await recordChange(trx, { entityType: "counsellingSession", entityId: id, type: "counsellingSession.created", actorId: caller.id })
      queued = await queueNotifications(trx, new Date(now), sessionChangeMails(deps, "booked", after.view), deps.postman)
      remindAt = await refreshReminders(trx, deps, after.view, new Date(now))
      return after
    })
    .catch(async (error: unknown) => {
      await deps.meetings.remove(meeting.meetingKey).catch(() => {})
      throw error
    })
  if (remindAt) deps.postman.wake(remindAt)
  const mailed = await deliverQueued(deps, queued)
  return { success: true, message: SESSION_CREATED + (mailed ? "" : MAIL_FAILED), data: created.session }
}

/** Reads the session, then locks both its people and reads it again, so no other change slips in between. */
export async function lockSession(trx: Db, find: () => Promise<repo.SessionView | undefined>) {
  const first = await find()
  if (!first) throw notFound("Session not found.")
  await repo.lockPeople(trx, [first.counsellor_id, first.user_id])
  const current = await find()
  if (!current) throw notFound("Session not found.")
  return current
}

export async function updateSession(deps: SessionDeps, caller: Caller, id: string, body: UpdateSessionRequest) {
  const now = deps.now()
  let queued = NOTHING_QUEUED
  let remindAt: Date | null = null
  const changed = await deps.db.transaction().execute(async (trx) => {
    const current = await lockSession(trx, () => repo.findSessionById(trx, id))
    const refusal = refusalOf(sessionLife({ dateTime: current.starts_at, now, state: current.state }), { type: "session.edit", dateTime: current.starts_at })
    if (refusal) throw conflict(refusal.message)
    if (!current.meeting_key) throw conflict(MISSING_MEETING_KEY_MESSAGE)
    const times = timesOf(deps, body)
    await refuseOverlaps(trx, current, times)
    const before = await snapshotOf(trx, "counsellingSession", id)
    const meeting = await deps.meetings.update(
      { meetingKey: current.meeting_key, joinLink: current.join_link ?? "", startLink: current.start_link ?? "" },
      { topic: body.topic, startsAt: times.startsAt, durationMinutes: body.duration },
    )
    await repo.updateSessionRow(trx, id, {
      topic: body.topic,
      agenda: body.agenda,
      note: body.note || null,
      duration: body.duration,
      starts_at: times.startsAt,
      ends_at: times.endsAt,
      join_link: meeting.joinLink,
      start_link: meeting.startLink,
      sequence: current.sequence + 1,
      updated_at: new Date(now),
    })
    const after = await snapshot(trx, id, now)
    await recordChange(trx, { entityType: "counsellingSession", entityId: id, type: "counsellingSession.updated", actorId: caller.id, before })
    queued = await queueNotifications(trx, new Date(now), sessionChangeMails(deps, "changed", after.view), deps.postman)
    remindAt = await refreshReminders(trx, deps, after.view, new Date(now))
    return after
  })
  if (remindAt) deps.postman.wake(remindAt)
  const mailed = await deliverQueued(deps, queued)
  return { success: true, message: SESSION_UPDATED + (mailed ? "" : MAIL_FAILED), data: changed.session }
}

export async function deleteSession(deps: SessionDeps, caller: Caller, meetingKey: string) {
  let queued = NOTHING_QUEUED
  await deps.db.transaction().execute(async (trx) => {
    const current = await lockSession(trx, () => repo.findSessionByMeetingKey(trx, meetingKey))
    const before = await snapshotOf(trx, "counsellingSession", current.id)
    await repo.deleteSessionRow(trx, current.id)
    await unscheduleFor(trx, { type: "counsellingSession", id: current.id })
    await recordChange(trx, { entityType: "counsellingSession", entityId: current.id, type: "counsellingSession.deleted", actorId: caller.id, before })
    // A session cancelled before was already told to both people; deleting it later says nothing more.
    if (current.state !== "cancelled") {
      queued = await queueNotifications(
        trx,
        new Date(deps.now()),
        sessionChangeMails(deps, "cancelled", { ...current, sequence: current.sequence + 1 }),
        deps.postman,
      )
    }
    return current
  })
  await deps.meetings.remove(meetingKey).catch(() => {})
  const mailed = await deliverQueued(deps, queued)
  return { success: true, message: SESSION_DELETED + (mailed ? "" : MAIL_FAILED) }
}
