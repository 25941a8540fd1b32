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
  return { page, limit, offset: (page - 1) * limit }
}

export const totalPages = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit))

/** `%` and `_` in a search are literal, not wildcards. */
export const likePattern = (search: string): string => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
