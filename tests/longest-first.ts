import { relative } from "node:path"
import { BaseSequencer, type TestSpecification } from "vitest/node"

/**
 * The files that take longest, from CI's last runs (seconds on a 2-core machine: the browser suite's paths of a
 * counselling session 188, responsive 104, the accessibility tours 81 and 71 …). Vitest starts the files it has
 * timed before longest first, but a fresh clone (CI) has no timings and starts the largest files first, which
 * left the accessibility tours to start in the last 90 s and run on alone. These start first in their project,
 * in this order (the account oracle, 45 s, is the slowest of the server's process files); the rest keep Vitest's order.
 */
const LONGEST = [
  "tests/e2e/counselling-session.paths.e2e.test.ts",
  "tests/e2e/responsive.test.ts",
  "tests/e2e/a11y-admin-editor.test.ts",
  "tests/e2e/a11y-vendors-user.test.ts",
  "tests/e2e/keyboard/sign-in.test.ts",
  "tests/e2e/keyboard/people.test.ts",
  "tests/e2e/account.test.ts",
  "tests/e2e/keyboard/content.test.ts",
  "tests/e2e/smoke.test.ts",
  "tests/e2e/audit.test.ts",
  "tests/server/account-oracle.test.ts",
  // The machine paths' longest (48, 27, 21, 20 and 20 s in CI on 2026-12-07, when each step waited a millisecond or more
  // for a zero timeout; 2-6 s since, on a quiet machine): the first of them had started 70 s into its suite and ended it
  // alone, 47 s after the next longest file.
  "tests/paths/counselling-lists.paths.test.ts",
  "tests/paths/vendors.paths.test.ts",
  "tests/paths/tickets.paths.test.ts",
  "tests/paths/contact.paths.test.ts",
  "tests/paths/content.paths.test.ts",
]

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const projectOrder = new Map<string, number>()
    sorted.forEach((file, i) => projectOrder.has(file.project.name) || projectOrder.set(file.project.name, i))
    const rank = (file: TestSpecification) => {
      const at = LONGEST.indexOf(relative(file.project.config.root, file.moduleId))
      return at === -1 ? LONGEST.length : at
    }
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => projectOrder.get(a.file.project.name)! - projectOrder.get(b.file.project.name)! || rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file)
  }
}
