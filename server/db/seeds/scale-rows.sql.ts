import { type RawBuilder, sql } from "kysely"

/**
 * The set-based statements of the scale seed: each inserts the rows numbered [from, to] of one table
 * with `INSERT … SELECT FROM generate_series`. Rows are a pure function of their number, so the
 * foreign keys between tables are computed, not looked up:
 * - person g: g % 100 < 60 is a client (role User, approved); 60..84 an approved vendor
 *   (role by g % 5); 85..89, 90..94, 95..99 vendors Under Review, Temp Approve, Reject.
 *   Every 10,000th is an Editor, every 100,000th (+2) an Admin. Every third client is assigned to
 *   the approved Counsellor of its block of 100 (a row of the same batch: batches start at a
 *   multiple of 100).
 * - session g: a client and an approved vendor chosen by g, one hour in a two-year window.
 */
export const SCALE_ID = {
  user: (g: number) => `scale-u-${g}`,
  /** The seed's own Admin (person 2): actor of the events and answers of the tickets. */
  admin: "scale-u-2",
}

const FIRST = [
  "Aarav",
  "Priya",
  "Rohan",
  "Ananya",
  "Vikram",
  "Isha",
  "Kabir",
  "Meera",
  "Arjun",
  "Sneha",
  "Dev",
  "Kavya",
  "Nikhil",
  "Tara",
  "Rahul",
  "Diya",
  "Sameer",
  "Pooja",
  "Aditya",
  "Neha",
  "Karan",
  "Riya",
  "Varun",
  "Aisha",
  "Zoya",
  "Farhan",
  "Gauri",
  "Harsh",
  "Jaya",
  "Lakshmi",
  "Manav",
]
const LAST = [
  "Sharma",
  "Iyer",
  "Mehta",
  "Reddy",
  "Kapoor",
  "Nair",
  "Gupta",
  "Das",
  "Joshi",
  "Rao",
  "Menon",
  "Bose",
  "Patel",
  "Singh",
  "Verma",
  "Chopra",
  "Kulkarni",
  "Banerjee",
  "Pillai",
]
const CITIES = ["Mumbai", "Bengaluru", "Chennai", "Pune", "Hyderabad", "Kolkata", "Jaipur", "Kochi"]
const STATES = ["Maharashtra", "Karnataka", "Tamil Nadu", "Maharashtra", "Telangana", "West Bengal", "Rajasthan", "Kerala"]
const TOPICS = [
  "Stress at work",
  "Sleep and routine",
  "Family conflict",
  "Exam anxiety",
  "Career change",
  "Diet plan review",
  "Back pain and posture",
  "Interview preparation",
]

const arr = (values: readonly string[]) => sql.raw(`(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[])`)
const at = (values: readonly string[], index: string) => sql`${arr(values)}[1 + (${sql.raw(index)}) % ${sql.lit(values.length)}]`

/** Expressions of person g, shared by the users and events statements. */
const person = {
  name: sql`${at(FIRST, "g")} || ' ' || ${at(LAST, "g * 7 + 3")}`,
  email: sql`lower(${at(FIRST, "g")} || '.' || ${at(LAST, "g * 7 + 3")}) || g || '@scale.example'`,
  role: sql`case when g % 10000 = 1 then 'Editor' when g % 100000 = 2 then 'Admin' when g % 100 < 60 then 'User'
    else ${at(["Lawyer", "Counsellor", "YogaTeacher", "Nutritionist", "ImageConsultant"], "g % 100 - 60")} end`,
  status: sql`case when g % 100 < 85 or g % 10000 = 1 or g % 100000 = 2 then 'Approve' when g % 100 < 90 then 'Under Review' when g % 100 < 95 then 'Temp Approve' else 'Reject' end`,
}

/** Newest person has the highest number; people are spread over the last three years. */
export function usersBatch(from: number, to: number, total: number): RawBuilder<unknown> {
  return sql`
    insert into users (id, name, email, number, role, status, organization_id, organization_name, address, city, pin_code, state,
      language, experience, preferred_contact_method, counsellor_id, created_at, updated_at)
    select 'scale-u-' || g, ${person.name}, ${person.email}, (6000000000 + g)::text, ${person.role}, ${person.status},
      'org-scale-' || (g % 50), 'Scale Organisation ' || (g % 50), (g % 90 + 10) || ', MG Road', ${at(CITIES, "g * 5")},
      (400001 + g % 500)::text, ${at(STATES, "g * 5")}, 'English, Hindi',
      case when g % 100 >= 60 then (g % 15 + 2) || ' years' end, ${at(["Email", "Phone", "WhatsApp"], "g")},
      case when g % 100 < 60 and g % 3 = 0 and g % 10000 <> 1 and g % 100000 <> 2 and (g / 100) * 100 + 61 <= ${sql.lit(total)}
        then 'scale-u-' || ((g / 100) * 100 + 61) end,
      now() - (${sql.lit(total)} - g) * interval '94 seconds' * ${sql.lit(1_000_000 / total)},
      now() - (${sql.lit(total)} - g) * interval '94 seconds' * ${sql.lit(1_000_000 / total)}
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g`
}

/** A client (k = 3..59 of a full block) and an approved vendor (k = 60..84) for session or ticket g. */
const client = (blocks: number) => sql`'scale-u-' || (((g * 7) % ${sql.lit(blocks)}) * 100 + 3 + g % 57)`
const vendor = (blocks: number) => sql`'scale-u-' || (((g / 25) % ${sql.lit(blocks)}) * 100 + 60 + g % 25)`

export function sessionsBatch(from: number, to: number, total: number, blocks: number): RawBuilder<unknown> {
  return sql`
    insert into counselling_sessions (id, user_id, counsellor_id, topic, agenda, note, duration, starts_at, ends_at, meeting_key,
      join_link, start_link, booking_age, created_by, created_at, updated_at)
    select 'scale-s-' || g, ${client(blocks)}, ${vendor(blocks)}, ${at(TOPICS, "g")}, 'Talk through ' || lower(${at(TOPICS, "g")}) || ' and agree next steps.',
      case when g % 4 = 0 then 'Follow-up in two weeks.' end, d, s, s + d * interval '1 minute', 'scale-' || g,
      'https://meet.jit.si/scale-' || g, 'https://meet.jit.si/scale-' || g, 20 + g % 40, ${SCALE_ID.admin},
      c, c
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g,
      lateral (select (array[30, 45, 60])[1 + g % 3] as d, date_trunc('hour', now()) + ((g * 37) % 17520 - 8760) * interval '1 hour' as s) x,
      -- Booked over the last year, at least a day ahead, and never two at the same instant: a clamp to
      -- now() would give half the sessions one created_at, a tie the newest-first index cannot order.
      lateral (select least(now() - (${sql.lit(total)} - g) * interval '31 seconds' * ${sql.lit(1_000_000 / total)}, s - (1 + g % 20) * interval '1 day' - g * interval '1 millisecond') as c) y`
}

export function ticketsBatch(from: number, to: number, total: number, blocks: number): RawBuilder<unknown> {
  return sql`
    insert into tickets (id, raiser_id, ticket_type, query, closed, closed_at, closed_by, user_rating, user_review, feedback_at, created_at, updated_at)
    select 'scale-t-' || g, case when g % 2 = 0 then ${client(blocks)} else ${vendor(blocks)} end, case when g % 3 = 0 then 'Technical' else 'General' end,
      'Ticket ' || g || ': ' || ${at(["I cannot join my session", "How do I change my slot?", "Payment not reflected", "Please update my profile", "The page does not load"], "g")},
      g % 3 = 0, case when g % 3 = 0 then c + interval '2 days' end, case when g % 3 = 0 then ${SCALE_ID.admin} end,
      case when g % 6 = 0 then 1 + g % 5 end, case when g % 6 = 0 then 'Resolved quickly, thank you.' end, case when g % 6 = 0 then c + interval '3 days' end,
      c, c
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g,
      lateral (select now() - (${sql.lit(total)} - g) * interval '315 seconds' * ${sql.lit(100_000 / total)} as c) x`
}

/** Five responses per ticket: the raiser asks (odd), the Admin answers (even). */
export function responsesBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into ticket_responses (id, ticket_id, question, answer, added_by, created_at)
    select 'scale-r-' || g || '-' || r, t.id, case when r % 2 = 1 then 'Follow-up ' || r || ' on ticket ' || g end,
      case when r % 2 = 0 then 'Answer ' || r || ': we are looking into it.' end,
      case when r % 2 = 1 then t.raiser_id else ${SCALE_ID.admin} end, t.created_at + r * interval '1 hour'
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g cross join generate_series(1, 5) r
    join tickets t on t.id = 'scale-t-' || g`
}

export function counsellingEnquiriesBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into counselling_enquiries (id, name, email, number, age, question1, question2, date_time, created_at, updated_at)
    select 'scale-ce-' || g, ${person.name}, 'enquiry' || g || '@scale.example', (7000000000 + g)::text, 18 + g % 50,
      ${at(TOPICS, "g")}, ${at(["Online", "Phone call", "Either"], "g")}, now() + (g % 30) * interval '1 day',
      now() - g * interval '17 minutes', now() - g * interval '17 minutes'
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g`
}

export function contactEnquiriesBatch(from: number, to: number): RawBuilder<unknown> {
  return sql`
    insert into contact_enquiries (id, name, email, number, city, state, message, created_at)
    select 'scale-ke-' || g, ${person.name}, 'contact' || g || '@scale.example', (8000000000 + g)::text, ${at(CITIES, "g")}, ${at(STATES, "g")},
      'I would like to know more about your services (' || g || ').', now() - g * interval '13 minutes'
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g`
}

export const scaleSql = { person, client, vendor }
