import * as api from "./contract/endpoints/dashboard.endpoints.ts"
import { call } from "./client.ts"

export const fetchPeopleCounts = () => call(api.peopleCounts)
