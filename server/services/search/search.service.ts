import { canCall } from "../../../src/api/contract/endpoint.ts"
import type { SearchResult } from "../../../src/api/contract/search/search.ts"
import type { Caller } from "../auth/tokens.ts"
import type { SearchDeps, SearchSource } from "./search-source.ts"
import { searchSources } from "./sources.ts"

/** Results per source; the box shows a short list, not a report. */
export const RESULTS_PER_SOURCE = 8

/** Asks every source the caller's role may use, at once, and lists their results in source order. */
export async function search(deps: SearchDeps, caller: Caller, q: string, sources: readonly SearchSource[] = searchSources) {
  const allowed = sources.filter((source) => canCall(source.access, caller.role))
  const found = await Promise.all(allowed.map((source) => source.search(deps, { caller, q, limit: RESULTS_PER_SOURCE })))
  const data: SearchResult[] = found.flatMap((results) => results.slice(0, RESULTS_PER_SOURCE))
  return { success: true, data }
}
