import { sql, type RawBuilder } from "kysely"
import type { PageQuery } from "../../src/api/contract/common.ts"

export interface Paging {
  page: number
  limit: number
  offset: number
}

/** Page and limit with the call's default limit, capped so no request can ask for everything. */
export function paging(query: PageQuery, defaultLimit: number, maxLimit = 100): Paging {
  const page = query.page ?? 1
  const limit = Math.min(query.limit ?? defaultLimit, maxLimit)
  // A page far past any list (page 5541836699597027) is an empty page, not an offset the database's bigint cannot hold.
  return { page, limit, offset: Math.min((page - 1) * limit, Number.MAX_SAFE_INTEGER) }
}

export const totalPages = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit))

/** `%` and `_` in a search are literal, not wildcards. */
export const likePattern = (search: string): string => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface EndPaging {
  /** Read in the opposite order and reverse the rows: the far half of a list walks the index from its other end. */
  reverse: boolean
  limit: number
  offset: number
}

/**
 * Where to read a page of a list whose size is known (a maintained count): pages in the far half are
 * read from the list's end, so the last page costs what the first does instead of walking the whole index.
 */
export function fromNearestEnd(total: number, page: Paging): EndPaging {
  if (page.offset >= total) return { reverse: false, limit: 0, offset: page.offset }
  if (page.offset * 2 < total) return { reverse: false, limit: page.limit, offset: page.offset }
  const limit = Math.min(page.limit, total - page.offset)
  return { reverse: true, limit, offset: total - page.offset - limit }
}

/** A list's order as its index walks it: one column, then id, both the same way. */
export interface ListOrder {
  column: RawBuilder<unknown>
  way: "asc" | "desc"
}

/**
 * The order of a list sorted by a name or by when it was made (`key` ascending, `-key` descending; newest first
 * when none is asked): a name by its lower() (letter case is not an order people read by, and the lists' name
 * indexes are on it), anything else by created_at.
 */
export function nameOrDateOrder<S extends string>(sort: S | undefined, name: { key: Exclude<S, `-${string}`>; column: string }): ListOrder {
  const way = sort === undefined || sort.startsWith("-") ? "desc" : "asc"
  const byName = sort === name.key || sort === `-${name.key}`
  return { column: byName ? sql`lower(${sql.ref(name.column)})` : sql`created_at`, way }
}

/** `desc` read from the far end is `asc`, and the other way round. */
export const direction = (order: "asc" | "desc", end: EndPaging): "asc" | "desc" => (end.reverse === (order === "desc") ? "asc" : "desc")

/** Searches count at most this many matches; beyond it the total is a lower bound ("1,000+"). */
export const SEARCH_COUNT_CAP = 1000

/** Reads the page from the nearer end of a list of known size; past the end there is nothing to read. */
export async function readFromNearestEnd<T>(total: number, page: Paging, read: (end: EndPaging) => Promise<T[]>): Promise<T[]> {
  const end = fromNearestEnd(total, page)
  if (end.limit <= 0) return []
  const rows = await read(end)
  return end.reverse ? rows.reverse() : rows
}
