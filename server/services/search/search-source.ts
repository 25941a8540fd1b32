import type { Access } from "../../../src/api/contract/endpoint.ts"
import type { SearchKind, SearchResult } from "../../../src/api/contract/search/search.ts"
import type { Db } from "../../db/database.ts"
import type { Caller } from "../auth/tokens.ts"

export interface SearchDeps {
  db: Db
  now: () => number
}

export interface SearchInput {
  caller: Caller
  /** Trimmed, 2 to 100 characters. */
  q: string
  /** Most results this source may return. */
  limit: number
}

/**
 * One kind of thing the header search finds. A source decides what the caller may see: it must
 * only return rows the caller could open (the people source is Admin-only; sessions and tickets
 * sources return the caller's own). Add a source as one file and list it in `sources.ts`.
 */
export interface SearchSource {
  kind: SearchKind
  /** Roles this source searches for; the service never asks it for anyone else. */
  access: Access
  search(deps: SearchDeps, input: SearchInput): Promise<SearchResult[]>
}
