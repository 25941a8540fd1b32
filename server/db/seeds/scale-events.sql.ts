import { type RawBuilder, sql } from "kysely"
import { STATUS_CHANGED } from "../repositories/status-history.repository.ts"
import { SCALE_ID } from "./scale-rows.sql.ts"

/**
 * The event log of the seeded rows, set-based like the rows: what the commands would have written
 * (a creation carries the fields it set, a vendor's approval a status change by the seed's Admin),
 * so the audit log at scale has realistic volume and shapes. Each reads back the rows numbered
 * [from, to] of its table through the primary key.
 */
const range = (from: number, to: number) => sql`generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g`

export function userEventsBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into events (entity_type, entity_id, type, actor_id, at, before, after)
    select 'user', u.id, e.type, e.actor, e.at, e.before, e.after
    from ${range(from, to)} join users u on u.id = 'scale-u-' || g,
    lateral (
      select 'user.created' as type, null::text as actor, u.created_at as at, null::jsonb as before,
        jsonb_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'number', u.number, 'role', u.role,
          'status', case when u.role in ('User', 'Admin', 'Editor') then u.status else 'Under Review' end) as after
      union all
      select ${STATUS_CHANGED}, ${SCALE_ID.admin}, u.created_at + interval '2 days', jsonb_build_object('status', 'Under Review'), jsonb_build_object('status', u.status)
      where u.role not in ('User', 'Admin', 'Editor') and u.status <> 'Under Review'
      union all
      select 'user.counsellorAssigned', ${SCALE_ID.admin}, u.created_at + interval '1 day', null, jsonb_build_object('counsellorId', u.counsellor_id)
      where u.counsellor_id is not null
    ) e`
}

export function sessionEventsBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into events (entity_type, entity_id, type, actor_id, at, after)
    select 'counsellingSession', s.id, 'counsellingSession.created', s.created_by, s.created_at,
      jsonb_build_object('_id', s.id, 'userId', s.user_id, 'counsellorId', s.counsellor_id, 'topic', s.topic, 'agenda', s.agenda,
        'duration', s.duration, 'dateTime', s.starts_at, 'meetingKey', s.meeting_key)
    from ${range(from, to)} join counselling_sessions s on s.id = 'scale-s-' || g`
}

export function ticketEventsBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into events (entity_type, entity_id, type, actor_id, at, before, after)
    select 'ticket', t.id, e.type, e.actor, e.at, e.before, e.after
    from ${range(from, to)} join tickets t on t.id = 'scale-t-' || g,
    lateral (
      select 'ticket.created' as type, t.raiser_id as actor, t.created_at as at, null::jsonb as before,
        jsonb_build_object('number', t.number, 'ticketType', t.ticket_type, 'query', t.query, 'hasImage', false) as after
      union all
      select 'ticket.responded', r.added_by, r.created_at, null, jsonb_build_object('responseId', r.id, 'question', r.question, 'answer', r.answer)
      from ticket_responses r where r.ticket_id = t.id
      union all
      select 'ticket.closed', t.closed_by, t.closed_at, jsonb_build_object('status', false), jsonb_build_object('status', true) where t.closed
      union all
      select 'ticket.feedbackGiven', t.raiser_id, t.feedback_at, null, jsonb_build_object('userRating', t.user_rating, 'userReview', t.user_review)
      where t.user_rating is not null
    ) e`
}

export function enquiryEventsBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into events (entity_type, entity_id, type, actor_id, at, after)
    select 'counsellingEnquiry', q.id, 'counsellingEnquiry.created', null, q.created_at,
      jsonb_build_object('_id', q.id, 'name', q.name, 'email', q.email, 'number', q.number, 'age', q.age, 'question1', q.question1, 'question2', q.question2)
    from ${range(from, to)} join counselling_enquiries q on q.id = 'scale-ce-' || g
    union all
    select 'contactEnquiry', c.id, 'contactEnquiry.created', null, c.created_at, null
    from ${range(from, to)} join contact_enquiries c on c.id = 'scale-ke-' || g`
}
