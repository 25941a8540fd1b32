import { PeopleCountsAnswer, TrendsAnswer, TrendsQuery } from "./dashboard.ts"
import { endpoint } from "../endpoint.ts"

export const peopleCounts = endpoint({
  name: "peopleCounts",
  method: "GET",
  path: "/dashboard/peopleCounts",
  answer: PeopleCountsAnswer,
  access: ["Admin"],
  summary: "Every Admin dashboard count in one answer: active people per role, vendors per review status, enquiries (trigger-maintained counters)",
})

export const dashboardTrends = endpoint({
  name: "dashboardTrends",
  method: "GET",
  path: "/dashboard/trends",
  query: TrendsQuery,
  answer: TrendsAnswer,
  access: ["Admin"],
  summary:
    "Weekly counts for the Admin dashboard's charts (sign-ups and approvals, sessions by state, tickets opened and closed), every week (Monday, UTC) from `from` to `to`; the last 12 weeks without them; at most 104 weeks (trigger-maintained counters)",
})

export const dashboardEndpoints = [peopleCounts, dashboardTrends]
