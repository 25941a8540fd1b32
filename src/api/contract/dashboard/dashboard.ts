import { Schema } from "effect"
import { DateOnly } from "../partner/partner.ts"

const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))

/**
 * GET /dashboard/peopleCounts (beyond the spec's page-1-limit-1 calls: one answer with every Admin
 * count). Read from counters kept by database triggers in the same transaction as every change.
 * `active` counts people with status Approve per role; the review counts are vendors only.
 */
export const PeopleCountsAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({
    active: Schema.Struct({
      Lawyer: Count,
      Counsellor: Count,
      Nutritionist: Count,
      YogaTeacher: Count,
      User: Count,
      ImageConsultant: Count,
    }),
    underReview: Count,
    tempApprove: Count,
    rejected: Count,
    enquiries: Count,
  }),
})
export type PeopleCountsAnswer = typeof PeopleCountsAnswer.Type
export type PeopleCounts = PeopleCountsAnswer["data"]

/** GET /dashboard/trends: an inclusive range of days; the answer covers every week (Monday, UTC) it touches. */
export const TrendsQuery = Schema.Struct({
  from: Schema.optional(DateOnly),
  to: Schema.optional(DateOnly),
})
export type TrendsQuery = typeof TrendsQuery.Type

/** Sessions starting in a week, by the state they are in now. */
const SessionsByState = Schema.Struct({
  scheduled: Count,
  rescheduled: Count,
  cancelled: Count,
  completed: Count,
  noShow: Count,
})

/** One week of the trend charts, named by its Monday (UTC). */
export const TrendWeek = Schema.Struct({
  week: DateOnly,
  /** New client accounts. */
  clientSignUps: Count,
  /** New vendor accounts (every vendor role). */
  vendorSignUps: Count,
  /** Vendor status changes to Approve. */
  approvals: Count,
  sessions: SessionsByState,
  ticketsOpened: Count,
  ticketsClosed: Count,
})
export type TrendWeek = typeof TrendWeek.Type

/**
 * Weekly counts for the Admin dashboard's charts, read from `weekly_counts`, which database triggers keep in
 * the same transaction as every change: a range of two years reads at most a few hundred small rows.
 */
export const TrendsAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({
    from: DateOnly,
    to: DateOnly,
    weeks: Schema.Array(TrendWeek),
  }),
})
export type TrendsAnswer = typeof TrendsAnswer.Type
export type Trends = TrendsAnswer["data"]
