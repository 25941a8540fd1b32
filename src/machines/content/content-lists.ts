/** Spec section 9: content lists (experts, testimonials, press, gallery) and editors are fetched page 1, limit 100. */
export const CONTENT_LIST_LIMIT = 100

/** Spec section 8: a failed content delete is announced as 'Delete failed'. */
export const DELETE_FAILED = "Delete failed"
export const deleteFailed = (_error: unknown): string => DELETE_FAILED
