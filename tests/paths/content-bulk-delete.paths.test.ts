import { ApiError } from "../../src/api/api-error.ts"
import type { Expert } from "../../src/api/contract/content/expert.ts"
import { DELETE_FAILED } from "../../src/machines/content/content-lists.ts"
import { expertBulkDeleteMachine } from "../../src/machines/content/experts.machine.ts"
import { galleryBulkDeleteMachine } from "../../src/machines/content/gallery.machine.ts"
import { pressBulkDeleteMachine } from "../../src/machines/content/press.machine.ts"
import { testimonialBulkDeleteMachine } from "../../src/machines/content/testimonials.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const card = (i: number) => ({ _id: `c${i}`, name: `Card ${i}` }) as unknown as Expert

// The four card screens' machines come from one factory: each is walked, so none drifts from the others.
const machines = [
  ["Experts", expertBulkDeleteMachine],
  ["Testimonials", testimonialBulkDeleteMachine],
  ["Press Release & Recognition", pressBulkDeleteMachine],
  ["Gallery", galleryBulkDeleteMachine],
] as const

for (const [screen, machine] of machines) {
  describeMachinePaths(`${screen} bulk delete`, {
    machine: (machine as unknown as typeof expertBulkDeleteMachine).provide({ actions: { listChanged: () => {} } }),
    events: [
      { type: "selection.toggle", row: card(1) },
      { type: "selection.setAll", rows: [card(1), card(2)], selected: true },
      { type: "selection.setAll", rows: [card(1), card(2)], selected: false },
      { type: "selection.clear" },
      { type: "bulk.choose", action: "delete" },
      { type: "bulk.confirm" },
      { type: "bulk.cancel" },
      { type: "runAll.done", output: { done: [{ row: card(1), from: "kept" }], refused: [{ row: card(2), reason: DELETE_FAILED }] } },
      { type: "runAll.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
      { type: "bulk.undo" },
      { type: "summary.close" },
    ],
  })
}
