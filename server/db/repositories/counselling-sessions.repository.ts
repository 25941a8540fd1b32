import type { Insertable, Updateable } from "kysely"
import {
  SESSION_MINUTES,
  type CounsellingSession,
  type SessionSort,
  type SessionState,
  type SessionStatus,
} from "../../../src/api/contract/counselling/counselling-session.ts"
import type { Role } from "../../../src/api/contract/common.ts"
import { sessionStatus } from "../../../src/machines/counselling/counselling-session.machine.ts"
import type { CounsellingSessionRow, CounsellingSessionsTable } from "../counselling-sessions.table.ts"
import type { Db } from "../database.ts"
import { direction, type Paging, readFromNearestEnd } from "../paging.ts"
import { readListCount } from "./list-counts.repository.ts"

/** A session row with the client's and counsellor's names, as every answer needs them. */
export type SessionView = CounsellingSessionRow & {
  client_name: string
  client_email: string
  client_number: string | null
  counsellor_name: string
  counsellor_email: string
  counsellor_role: Role
  /** Each person's chosen zone (null: never chosen): their mails state times on their own clock. */
  client_time_zone: string | null
  counsellor_time_zone: string | null
}

const selectSessions = (db: Db) =>
  db
    .selectFrom("counselling_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .innerJoin("users as c", "c.id", "s.counsellor_id")
    .selectAll("s")
    .select([
      "u.name as client_name",
      "u.email as client_email",
      "u.number as client_number",
      "c.name as counsellor_name",
      "c.email as counsellor_email",
      "c.role as counsellor_role",
      "u.time_zone as client_time_zone",
      "c.time_zone as counsellor_time_zone",
    ])

/** The one row-to-contract mapper for sessions; the status comes from the session machine. */
export function toCounsellingSession(row: SessionView, now: number): CounsellingSession {
  const dateTime = new Date(row.starts_at).toISOString()
  return {
    _id: row.id,
    userId: row.user_id,
    counsellorId: row.counsellor_id,
    name: row.client_name,
    email: row.client_email,
    number: row.client_number,
    counsellor: { name: row.counsellor_name, role: row.counsellor_role },
    counsellorName: row.counsellor_name,
    counsellorRole: row.counsellor_role,
    status: sessionStatus(dateTime, now),
    topic: row.topic,
    agenda: row.agenda,
    note: row.note,
    duration: row.duration,
    meetingKey: row.meeting_key,
    dateTime,
    joinLink: row.join_link,
    startLink: row.start_link,
    bookingAge: row.booking_age,
    createdAt: new Date(row.created_at).toISOString(),
    state: row.state,
    stateReason: row.state_reason,
    cancelledLate: row.cancelled_late,
    rescheduleWish: row.reschedule_wish
      ? {
          dateTime: new Date(row.reschedule_wish.startsAt).toISOString(),
          reason: row.reschedule_wish.reason,
          requestedAt: new Date(row.reschedule_wish.requestedAt).toISOString(),
        }
      : null,
  }
}

export interface SessionFilter {
  userId?: string
  counsellorId?: string
  status?: SessionStatus
  now: Date
  /** Everyone's list only: by the session's date, earliest ("dateTime") or latest ("-dateTime") first. */
  order?: SessionSort
  /** A calendar's range or All Sessions' Starts days: sessions starting in [from, to), earliest first unless `order` says. */
  range?: { from: Date; to: Date }
  /** Only the sessions in this place of their lifecycle (All Sessions' State filter). */
  state?: SessionState
}

/**
 * A page of sessions. Everyone's list: most recently booked first, or by session date when asked. One
 * person's list: upcoming soonest first, history (and the unfiltered list) latest first.
 */
export async function listSessions(db: Db, filter: SessionFilter, page: Paging): Promise<{ rows: SessionView[]; total: number }> {
  let rows = selectSessions(db)
  let count = db.selectFrom("counselling_sessions as s").select((eb) => eb.fn.countAll<number>().as("n"))
  if (filter.userId !== undefined) {
    rows = rows.where("s.user_id", "=", filter.userId)
    count = count.where("s.user_id", "=", filter.userId)
  }
  if (filter.counsellorId !== undefined) {
    rows = rows.where("s.counsellor_id", "=", filter.counsellorId)
    count = count.where("s.counsellor_id", "=", filter.counsellorId)
  }
  if (filter.status !== undefined) {
    const op = filter.status === "upcoming" ? ">" : "<="
    rows = rows.where("s.starts_at", op, filter.now)
    count = count.where("s.starts_at", op, filter.now)
  }
  if (filter.state !== undefined) {
    rows = rows.where("s.state", "=", filter.state)
    count = count.where("s.state", "=", filter.state)
  }
  if (filter.range) {
    rows = rows.where("s.starts_at", ">=", filter.range.from).where("s.starts_at", "<", filter.range.to)
    count = count.where("s.starts_at", ">=", filter.range.from).where("s.starts_at", "<", filter.range.to)
    // counselling_sessions_starts_idx (starts_at, id), the state's (state, starts_at, id) or the person's (…_id, starts_at)
    // index: one range walk, read forwards (a calendar's, or All Sessions' earliest first) or backwards (latest first).
    const way = filter.order === "-dateTime" ? "desc" : "asc"
    const [found, total] = await Promise.all([
      rows.orderBy("s.starts_at", way).orderBy("s.id", way).limit(page.limit).offset(page.offset).execute(),
      count.executeTakeFirstOrThrow(),
    ])
    return { rows: found, total: Number(total.n) }
  }
  if (filter.userId === undefined && filter.counsellorId === undefined && filter.status === undefined) {
    // Everyone's list: the total is trigger-kept and the far half is read from the oldest end.
    // Ties broken by id ascending: the order of counselling_sessions_created_idx (created_at desc, id),
    // so both directions are one index walk with no sort; in one state, the same on the state's
    // (state, created_at desc, id) and (state, starts_at, id) indexes (migration 0029).
    const total = await readListCount(db, filter.state === undefined ? "counselling_sessions" : `counselling_sessions_state_${filter.state}`)
    const byDate = filter.order === undefined ? null : filter.order === "dateTime" ? "asc" : "desc"
    const found = await readFromNearestEnd(total, page, (end) =>
      (byDate
        ? // counselling_sessions_starts_idx (starts_at, id): either way one index walk.
          rows.orderBy("s.starts_at", direction(byDate, end)).orderBy("s.id", direction(byDate, end))
        : rows.orderBy("s.created_at", direction("desc", end)).orderBy("s.id", direction("asc", end))
      )
        .limit(end.limit)
        .offset(end.offset)
        .execute(),
    )
    return { rows: found, total }
  }
  const ordered =
    filter.userId === undefined && filter.counsellorId === undefined
      ? rows.orderBy("s.created_at", "desc").orderBy("s.id", "desc")
      : rows.orderBy("s.starts_at", filter.status === "upcoming" ? "asc" : "desc").orderBy("s.id")
  const [found, total] = await Promise.all([ordered.limit(page.limit).offset(page.offset).execute(), count.executeTakeFirstOrThrow()])
  return { rows: found, total: Number(total.n) }
}

export const findSessionById = (db: Db, id: string) => selectSessions(db).where("s.id", "=", id).executeTakeFirst()
export const findSessionByMeetingKey = (db: Db, meetingKey: string) => selectSessions(db).where("s.meeting_key", "=", meetingKey).executeTakeFirst()

/**
 * Takes the counsellor's row lock for the rest of the transaction: every booking or move of that
 * counsellor's sessions waits here, so the overlap check below sees every committed booking.
 * Portable (PGlite and PostgreSQL), needs no exclusion constraint or extension.
 */
export const lockCounsellor = (db: Db, counsellorId: string) =>
  db.selectFrom("users").select(["id", "name", "email", "role", "status"]).where("id", "=", counsellorId).forUpdate().executeTakeFirst()

/**
 * Locks both people of a session, always in id order so two moves locking the same pair cannot
 * deadlock: the overlap checks of both then see every committed booking of either.
 */
export async function lockPeople(db: Db, ids: string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await db.selectFrom("users").select("id").where("id", "=", id).forUpdate().executeTakeFirst()
}

/**
 * Whether another session, not cancelled, of the counsellor (as counsellor) or of the client (as client)
 * shares any minute with [startsAt, endsAt). A cancelled session has given its time back. Both sides are
 * read in one statement, so both answers come from one snapshot: two reads could see a rival booking commit
 * between them and name the client where the counsellor was taken first.
 */
export async function findOverlaps(
  db: Db,
  people: { counsellorId: string; userId: string },
  startsAt: Date,
  endsAt: Date,
  exceptId: string | null,
): Promise<{ counsellor: boolean; client: boolean }> {
  const overlapping = (side: "counsellor_id" | "user_id", personId: string) => {
    let query = db
      .selectFrom("counselling_sessions")
      .select("id")
      .where(side, "=", personId)
      .where("state", "<>", "cancelled")
      .where("starts_at", "<", endsAt)
      .where("ends_at", ">", startsAt)
    if (exceptId) query = query.where("id", "<>", exceptId)
    return query
  }
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(overlapping("counsellor_id", people.counsellorId)).as("counsellor"),
      eb.exists(overlapping("user_id", people.userId)).as("client"),
    ])
    .executeTakeFirstOrThrow()
  return { counsellor: Boolean(row.counsellor), client: Boolean(row.client) }
}

export const insertSession = (db: Db, row: Insertable<CounsellingSessionsTable>) =>
  db.insertInto("counselling_sessions").values(row).returning("id").executeTakeFirstOrThrow()

export const updateSessionRow = (db: Db, id: string, changes: Updateable<CounsellingSessionsTable>) =>
  db.updateTable("counselling_sessions").set(changes).where("id", "=", id).execute()

export const deleteSessionRow = (db: Db, id: string) => db.deleteFrom("counselling_sessions").where("id", "=", id).execute()

/** A person's sessions (as client or as counsellor) starting from `from`, earliest first: the calendar feed. */
export const sessionsOfPerson = (db: Db, personId: string, from: Date, limit: number) =>
  selectSessions(db)
    .where((eb) => eb.or([eb("s.user_id", "=", personId), eb("s.counsellor_id", "=", personId)]))
    .where("s.starts_at", ">=", from)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .limit(limit)
    .execute()

/**
 * What the vendor, and the client when named, have booked (not cancelled) overlapping [from, to): the
 * free-slot computation's "taken". Each side is one walk of its (person, starts_at, ends_at) index.
 */
export async function busyBetween(
  db: Db,
  vendorId: string,
  clientId: string | null,
  from: Date,
  to: Date,
  exceptId: string | null,
): Promise<Array<{ start: number; end: number }>> {
  const side = (column: "counsellor_id" | "user_id", personId: string) => {
    let query = db
      .selectFrom("counselling_sessions")
      .select(["id", "starts_at", "ends_at"])
      .where(column, "=", personId)
      // No session is longer than SESSION_MINUTES.maximum: one that overlaps starts at most that long before `from`.
      .where("starts_at", ">", new Date(from.getTime() - SESSION_MINUTES.maximum * 60_000))
      .where("starts_at", "<", to)
      .where("ends_at", ">", from)
      .where("state", "<>", "cancelled")
    if (exceptId) query = query.where("id", "<>", exceptId)
    return query.execute()
  }
  const rows = (await Promise.all([side("counsellor_id", vendorId), ...(clientId ? [side("user_id", clientId)] : [])])).flat()
  return rows.map((r) => ({ start: new Date(r.starts_at).getTime(), end: new Date(r.ends_at).getTime() }))
}
