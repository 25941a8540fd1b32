import * as api from "../contract/search/search.endpoints.ts"
import { call } from "../client.ts"

export const search = (q: string) => call(api.search, { query: { q } })
