import { Schema } from "effect"

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
