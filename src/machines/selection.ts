/**
 * A selection of list rows kept across pages and searches (Unassign Users' Assign To, the review lists' bulk bar):
 * what a row's box and a page's header box do to it. Rows are told apart by `idOf`; the order they were chosen in
 * is kept.
 */
export const toggled = <T>(chosen: readonly T[], item: T, idOf: (item: T) => string): T[] =>
  chosen.some((c) => idOf(c) === idOf(item)) ? chosen.filter((c) => idOf(c) !== idOf(item)) : [...chosen, item]

/** A page's rows added to the selection (those not in it yet, after it), or all taken out of it. */
export function withPage<T>(chosen: readonly T[], page: readonly T[], selected: boolean, idOf: (item: T) => string): T[] {
  const onPage = new Set(page.map(idOf))
  if (!selected) return chosen.filter((c) => !onPage.has(idOf(c)))
  const already = new Set(chosen.map(idOf))
  return [...chosen, ...page.filter((p) => !already.has(idOf(p)))]
}
