import { badRequest } from "./errors.ts"

/** What a list asks of its from/to bounds beyond being real instants in order. */
interface RangeRule {
  /** A calendar's range: both bounds or neither. */
  bothOrNeither?: boolean
  /** The widest range the list answers, in days. */
  maxDays?: number
}

/**
 * A list's `from`/`to` query bounds as instants, checked: real dates, `to` after `from` (a range that ends where it
 * starts or before holds nothing anyone meant), and the list's own rule. Either bound may be absent unless the
 * rule asks for both.
 */
export function instantRange(query: { from?: string | undefined; to?: string | undefined }, rule: RangeRule = {}): { from?: Date; to?: Date } {
  if (query.from === undefined && query.to === undefined) return {}
  if (rule.bothOrNeither && (query.from === undefined || query.to === undefined))
    throw badRequest(`${query.from === undefined ? "from" : "to"}: a range needs both from and to`)
  const from = query.from === undefined ? undefined : new Date(query.from)
  const to = query.to === undefined ? undefined : new Date(query.to)
  if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) throw badRequest("from: must be a real date and time")
  if (from && to && to <= from) throw badRequest("to: must be later than from")
  // An hour more than the days: days on a clock that falls back in them last an hour longer.
  if (rule.maxDays !== undefined && from && to && to.getTime() - from.getTime() > rule.maxDays * 86_400_000 + 3_600_000)
    throw badRequest(`to: a range spans at most ${rule.maxDays} days`)
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) }
}
