import type { cardRevisionEndpoints } from "../contract/content/card-revisions.endpoints.ts"
import { call } from "../client.ts"

/** A card kind's revision calls (issue 28): the list, one in full, a restore. */
export const cardRevisionsApi = (calls: ReturnType<typeof cardRevisionEndpoints>) => ({
  list: async (id: string) => (await call(calls.list, { params: { id } })).data,
  get: async (id: string, revision: string) => (await call(calls.get, { params: { id, revision } })).data,
  restore: (id: string, revision: string) => call(calls.restore, { params: { id, revision } }),
})
