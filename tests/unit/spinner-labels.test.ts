import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "..", "..")

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith(".tsx") ? [path] : []
  })
}

/** Every `<Spinner …>` opening tag of a file, attributes included. */
const spinnerTags = (text: string) => [...text.matchAll(/<Spinner\b[^>]*>/g)].map((m) => m[0])

/**
 * Chakra's Spinner is a plain span: an aria-label on it is an ARIA attribute a span may not carry (axe's
 * aria-prohibited-attr) and no screen reader announces it. A labelled spinner is a status; an unlabelled one
 * sits beside text that says what loads. The browser's accessibility tour only sees a spinner when its scan
 * happens to land while something loads, so this reads every one in the sources.
 */
describe("loading spinners", () => {
  it('that carry a label are a status (role="status"), so the label is allowed and announced', () => {
    const wrong = sources(join(root, "src", "ui")).flatMap((file) =>
      spinnerTags(readFileSync(file, "utf8"))
        .filter((tag) => tag.includes("aria-label") && !tag.includes('role="status"'))
        .map((tag) => `${relative(root, file)}: ${tag}`),
    )
    expect(wrong).toEqual([])
  })

  it("the check sees a labelled spinner without a role", () => {
    expect(spinnerTags(`<Box><Spinner size="sm" aria-label="Loading" /></Box>`)).toEqual([`<Spinner size="sm" aria-label="Loading" />`])
    expect(spinnerTags(`<Spinner\n  role="status"\n  aria-label={\`Loading \${x}\`}\n/>`)[0]).toContain('role="status"')
  })
})
