import * as api from "../contract/dashboard/dashboard.endpoints.ts"
import { call } from "../client.ts"

export const fetchPeopleCounts = () => call(api.peopleCounts)
