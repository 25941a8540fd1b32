import type { ContentPageQuery, Pagination } from "../../../src/api/contract/content/content-common.ts"
import { paging, totalPages, type Paging } from "../../db/paging.ts"

/** Spec section 9: content lists and editors are fetched with page 1, limit 100; 100 is also the cap. */
export const CONTENT_DEFAULT_LIMIT = 100

export const contentPaging = (query: ContentPageQuery): Paging => paging(query, CONTENT_DEFAULT_LIMIT)

export function listAnswer<Item>(page: { rows: Item[]; total: number }, at: Paging): { success: true; data: Item[]; pagination: Pagination } {
  return {
    success: true,
    data: page.rows,
    pagination: { total: page.total, page: at.page, limit: at.limit, totalPages: totalPages(page.total, at.limit) },
  }
}
