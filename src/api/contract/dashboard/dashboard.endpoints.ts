import { PeopleCountsAnswer } from "./dashboard.ts"
import { endpoint } from "../endpoint.ts"

export const peopleCounts = endpoint({
  name: "peopleCounts",
  method: "GET",
  path: "/dashboard/peopleCounts",
  answer: PeopleCountsAnswer,
  access: ["Admin"],
  summary: "Every Admin dashboard count in one answer: active people per role, vendors per review status, enquiries (trigger-maintained counters)",
})

export const dashboardEndpoints = [peopleCounts]
