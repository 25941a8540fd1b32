import * as api from "../contract/dashboard/dashboard.endpoints.ts"
import { call } from "../client.ts"

export const fetchPeopleCounts = () => call(api.peopleCounts)

/** The weeks from the week of `from` to the week of `to` (YYYY-MM-DD, inclusive). */
export const fetchTrends = (range: { from: string; to: string }) => call(api.dashboardTrends, { query: range })
