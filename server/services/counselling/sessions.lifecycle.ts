import type { CancelSessionRequest, RescheduleRequest } from "../../../src/api/contract/counselling/counselling-session.ts"
import { sessionInstant } from "../../../src/api/contract/counselling/counselling-session.ts"
import {
  DEFAULT_NOTICE_HOURS,
  isLateCancellation,
  MISSING_MEETING_KEY_MESSAGE,
  refusalOf,
  sessionLife,
  type SessionLifecycleEvent,
  type SessionParty,
} from "../../../src/machines/counselling/counselling-session.machine.ts"
import { json, type Db } from "../../db/database.ts"
import * as repo from "../../db/repositories/counselling-sessions.repository.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { HttpError, notFound } from "../errors.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications } from "../notifications/queue.ts"
import { lockSession, refuseOverlaps, type SessionDeps } from "./sessions.commands.ts"
import { refreshReminders, sessionChangeMails, type ChangeDetails, type SessionChange } from "./session-mail.ts"

/**
 * The steps of a session's life after booking (issue 24): reschedule, ask for a new time, cancel, mark a
 * no-show, complete. Each runs in one transaction that locks both people, asks the session machine (the
 * same one the console asks), writes the row, appends the event and queues both people's notifications.
 */
export interface LifecycleDeps extends SessionDeps {
  sessionNoticeHours?: number
}

export const SESSION_RESCHEDULED = "Session rescheduled successfully."
export const RESCHEDULE_REQUESTED = "Your request for a new time has been sent."
export const SESSION_CANCELLED = "Session cancelled successfully."
export const SESSION_CANCELLED_LATE = "Session cancelled. It was inside the notice window, so it is recorded as a late cancellation."
export const SESSION_COMPLETED = "Session marked as completed."
export const SESSION_NO_SHOW = "Session marked as a no-show."
const MAIL_FAILED = " The emails could not be sent yet; they will be retried automatically."

/** Who the caller is to this session; someone who is neither an Admin nor one of its two people never learns it exists. */
function partyOf(caller: Caller, session: repo.SessionView): SessionParty {
  if (caller.role === "Admin") return "admin"
  if (caller.id === session.counsellor_id) return "counsellor"
  if (caller.id === session.user_id) return "client"
  throw notFound("Session not found.")
}

const lifeOf = (deps: LifecycleDeps, session: repo.SessionView, now: number) =>
  sessionLife({
    dateTime: session.starts_at,
    durationMinutes: session.duration,
    now,
    state: session.state,
    noticeHours: deps.sessionNoticeHours ?? DEFAULT_NOTICE_HOURS,
    wishPending: session.reschedule_wish !== null,
  })

function refuseUnlessAccepted(snapshot: ReturnType<typeof sessionLife>, event: SessionLifecycleEvent): void {
  const refusal = refusalOf(snapshot, event)
  if (refusal) throw new HttpError(refusal.status, refusal.message)
}

interface Step {
  change: SessionChange
  eventType: string
  message: (late: boolean) => string
  /** Runs inside the transaction with the locked session and its machine; returns the mail details. */
  apply: (
    trx: Db,
    session: repo.SessionView,
    party: SessionParty,
    snapshot: ReturnType<typeof sessionLife>,
    now: number,
  ) => Promise<ChangeDetails & { late?: boolean }>
}

async function runStep(deps: LifecycleDeps, caller: Caller, id: string, step: Step) {
  const now = deps.now()
  let queued = NOTHING_QUEUED
  let late = false
  let remindAt: Date | null = null
  const data = await deps.db.transaction().execute(async (trx) => {
    const session = await lockSession(trx, () => repo.findSessionById(trx, id))
    const party = partyOf(caller, session)
    const before = await snapshotOf(trx, "counsellingSession", id)
    const details = await step.apply(trx, session, party, lifeOf(deps, session, now), now)
    late = details.late ?? false
    await recordChange(trx, { entityType: "counsellingSession", entityId: id, type: step.eventType, actorId: caller.id, before })
    const after = (await repo.findSessionById(trx, id))!
    const actor =
      party === "admin"
        ? `${(await findUserById(trx, caller.id))?.name ?? "An Admin"} (Admin)`
        : party === "counsellor"
          ? after.counsellor_name
          : after.client_name
    queued = await queueNotifications(trx, new Date(now), sessionChangeMails(deps, step.change, after, { ...details, actor }), deps.postman)
    remindAt = await refreshReminders(trx, deps, after, new Date(now))
    return repo.toCounsellingSession(after, now)
  })
  if (remindAt) deps.postman.wake(remindAt)
  const mailed = await deliverQueued(deps, queued)
  return { success: true, message: step.message(late) + (mailed ? "" : MAIL_FAILED), data }
}

/** Admin or the counsellor moves the session; the meeting follows, the invite is updated (next sequence). */
export const rescheduleSession = (deps: LifecycleDeps, caller: Caller, id: string, body: RescheduleRequest) =>
  runStep(deps, caller, id, {
    change: "rescheduled",
    eventType: "counsellingSession.rescheduled",
    message: () => SESSION_RESCHEDULED,
    apply: async (trx, session, party, snapshot, now) => {
      const startsAt = sessionInstant(body.date, body.time, body.timeZone)
      refuseUnlessAccepted(snapshot, { type: "session.reschedule", by: party, dateTime: startsAt, durationMinutes: session.duration })
      if (!session.meeting_key) throw new HttpError(409, MISSING_MEETING_KEY_MESSAGE)
      const times = { startsAt, endsAt: new Date(startsAt.getTime() + session.duration * 60_000) }
      await refuseOverlaps(trx, session, times)
      const meeting = await deps.meetings.update(
        { meetingKey: session.meeting_key, joinLink: session.join_link ?? "", startLink: session.start_link ?? "" },
        { topic: session.topic, startsAt, durationMinutes: session.duration },
      )
      await repo.updateSessionRow(trx, session.id, {
        starts_at: times.startsAt,
        ends_at: times.endsAt,
        join_link: meeting.joinLink,
        start_link: meeting.startLink,
        state: "rescheduled",
        state_reason: body.reason,
        reschedule_wish: null,
        sequence: session.sequence + 1,
        updated_at: new Date(now),
      })
      return { reason: body.reason, previousStartsAt: new Date(session.starts_at) }
    },
  })

/** The client asks for another time; the session stays as it is until the counsellor or an Admin moves it. */
export const requestReschedule = (deps: LifecycleDeps, caller: Caller, id: string, body: RescheduleRequest) =>
  runStep(deps, caller, id, {
    change: "rescheduleRequested",
    eventType: "counsellingSession.rescheduleRequested",
    message: () => RESCHEDULE_REQUESTED,
    apply: async (trx, session, party, snapshot, now) => {
      refuseUnlessAccepted(snapshot, { type: "session.requestReschedule", by: party })
      const startsAt = sessionInstant(body.date, body.time, body.timeZone)
      if (startsAt.getTime() <= now) throw new HttpError(400, "time: the session must start in the future")
      await repo.updateSessionRow(trx, session.id, {
        reschedule_wish: json({ startsAt: startsAt.toISOString(), reason: body.reason, requestedAt: new Date(now).toISOString() }),
        updated_at: new Date(now),
      })
      return { reason: body.reason, requestedStartsAt: startsAt }
    },
  })

/** Any of the three cancels with a reason; inside the notice window it is recorded as late. The slot is free again. */
export const cancelSession = (deps: LifecycleDeps, caller: Caller, id: string, body: CancelSessionRequest) =>
  runStep(deps, caller, id, {
    change: "cancelled",
    eventType: "counsellingSession.cancelled",
    message: (late) => (late ? SESSION_CANCELLED_LATE : SESSION_CANCELLED),
    apply: async (trx, session, party, snapshot, now) => {
      refuseUnlessAccepted(snapshot, { type: "session.cancel", by: party, reason: body.reason })
      const late = isLateCancellation(snapshot)
      await repo.updateSessionRow(trx, session.id, {
        state: "cancelled",
        state_reason: body.reason,
        cancelled_late: late,
        reschedule_wish: null,
        sequence: session.sequence + 1,
        updated_at: new Date(now),
      })
      if (session.meeting_key) await deps.meetings.remove(session.meeting_key).catch(() => {})
      return { reason: body.reason, late }
    },
  })

const outcome =
  (state: "completed" | "noShow", event: "session.complete" | "session.markNoShow", message: string) => (deps: LifecycleDeps, caller: Caller, id: string) =>
    runStep(deps, caller, id, {
      change: state,
      eventType: `counsellingSession.${state}`,
      message: () => message,
      apply: async (trx, session, party, snapshot, now) => {
        refuseUnlessAccepted(snapshot, { type: event, by: party })
        await repo.updateSessionRow(trx, session.id, { state, reschedule_wish: null, updated_at: new Date(now) })
        return {}
      },
    })

/** After the end: the counsellor or an Admin records that the session was held. */
export const completeSession = outcome("completed", "session.complete", SESSION_COMPLETED)
/** After the start: the counsellor or an Admin records that the client did not come. */
export const markNoShow = outcome("noShow", "session.markNoShow", SESSION_NO_SHOW)
