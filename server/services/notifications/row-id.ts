/** Outbox and inbox ids are UUIDs; anything else names no row (and must not reach a uuid column). */
export const isRowId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
