export type DiffPart = { kind: "same" | "added" | "removed"; text: string }

/** Beyond this many word pairs the middle is shown as replaced whole: the table would cost too much memory. */
const MAX_CELLS = 1_000_000

/** Words and the spaces between them, so joining the parts gives the text back exactly. */
const tokens = (text: string): string[] => text.split(/(\s+)/u).filter((t) => t !== "")

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string): void {
  const last = parts.at(-1)
  if (last && last.kind === kind) last.text += text
  else if (text !== "") parts.push({ kind, text })
}

/**
 * A word-level diff of two texts (a revision's body as text, issue 28): the words both keep, and those only
 * the newer one has (added) or only the older one had (removed), in reading order. The longest common
 * subsequence of the part between the shared beginning and end.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before)
  const b = tokens(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const parts: DiffPart[] = []
  push(parts, "same", a.slice(0, start).join(""))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, "removed", midA.join(""))
    push(parts, "added", midB.join(""))
  } else {
    // lengths[i][j]: the longest common subsequence of midA from i and midB from j, in one flat array.
    const width = midB.length + 1
    const lengths = new Uint32Array((midA.length + 1) * width)
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lengths[i * width + j] =
          midA[i] === midB[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!)
      }
    }
    let i = 0
    let j = 0
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        push(parts, "same", midA[i]!)
        i++
        j++
      } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) push(parts, "removed", midA[i++]!)
      else push(parts, "added", midB[j++]!)
    }
    while (i < midA.length) push(parts, "removed", midA[i++]!)
    while (j < midB.length) push(parts, "added", midB[j++]!)
  }
  push(parts, "same", a.slice(endA).join(""))
  return parts
}
