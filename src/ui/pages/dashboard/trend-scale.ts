/**
 * The trend charts' axes, worked out without measuring anything in the page: the count axis from the data
 * alone, the week labels from how many weeks there are (a label is about as wide as two weeks' bars on the
 * narrowest card).
 */

/** Ticks of a count axis from 0 to at least `max`: about `steps` steps of 1, 2 or 5 × 10ⁿ, never fractions (counts). */
export function countTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0, 1]
  const rough = max / steps
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * power).find((size) => size >= rough)!,
  )
  const top = Math.ceil(max / step) * step
  return Array.from({ length: top / step + 1 }, (_, i) => i * step)
}

/** The weeks (by index) that carry a label under the bars: at most `most`, evenly spaced, the latest week always among them. */
export function labelledWeeks(count: number, most = 5): Set<number> {
  const every = Math.max(1, Math.ceil(count / most))
  const labelled = new Set<number>()
  for (let i = count - 1; i >= 0; i -= every) labelled.add(i)
  return labelled
}
