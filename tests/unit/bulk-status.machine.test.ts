import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { PersonListItem } from "../../src/api/contract/account/user.ts"
import { bulkStatusMachine, type BulkOutcome, type BulkStatus, type Moved } from "../../src/machines/vendors/bulk-status.machine.ts"

const row = (i: number): PersonListItem => ({
  _id: `v${i}`,
  name: `Vendor ${i}`,
  email: `v${i}@example.com`,
  number: null,
  role: "Lawyer",
  status: "Under Review",
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
})

/** The machine with both calls answered here, recording what each was asked and how often the list was reloaded. */
function started() {
  const asked: { moveAll: Array<{ rows: PersonListItem[]; to: BulkStatus }>; moveBack: Array<{ moved: Moved[]; now: BulkStatus }>; reloads: number } = {
    moveAll: [],
    moveBack: [],
    reloads: 0,
  }
  const actor = createActor(
    bulkStatusMachine.provide({
      actors: {
        moveAll: fromPromise<BulkOutcome, { rows: PersonListItem[]; to: BulkStatus }>(async ({ input }) => {
          asked.moveAll.push(input)
          return { moved: input.rows.map((r) => ({ row: r, from: r.status })), refused: [] }
        }),
        moveBack: fromPromise<BulkOutcome, { moved: Moved[]; now: BulkStatus }>(async ({ input }) => {
          asked.moveBack.push(input)
          return { moved: input.moved, refused: [] }
        }),
      },
      actions: { listChanged: () => void asked.reloads++ },
    }),
  ).start()
  return { actor, asked }
}

describe("bulk status machine", () => {
  it("keeps a selection across pages: a row's box toggles it, a page's box adds or removes that page", () => {
    const { actor } = started()
    actor.send({ type: "selection.toggle", row: row(1) })
    actor.send({ type: "selection.setAll", rows: [row(1), row(2), row(3)], selected: true })
    expect(actor.getSnapshot().context.selected.map((r) => r._id)).toEqual(["v1", "v2", "v3"])
    actor.send({ type: "selection.toggle", row: row(2) })
    actor.send({ type: "selection.setAll", rows: [row(4)], selected: true })
    actor.send({ type: "selection.setAll", rows: [row(1), row(3)], selected: false })
    expect(actor.getSnapshot().context.selected.map((r) => r._id)).toEqual(["v4"])
    actor.send({ type: "selection.clear" })
    expect(actor.getSnapshot().context.selected).toEqual([])
    // Nothing chosen, nothing to move.
    actor.send({ type: "bulk.choose", status: "Temp Approve" })
    expect(actor.getSnapshot().matches("selecting")).toBe(true)
  })

  it("moves at once to Temp Approve, then offers Undo, which moves each vendor back from Temp Approve", async () => {
    const { actor, asked } = started()
    actor.send({ type: "selection.setAll", rows: [row(1), row(2)], selected: true })
    actor.send({ type: "bulk.choose", status: "Temp Approve" })
    await waitFor(actor, (s) => s.matches({ summary: "undoable" }))
    expect(asked.moveAll).toEqual([{ rows: [row(1), row(2)], to: "Temp Approve" }])
    expect(actor.getSnapshot().context.selected).toEqual([])
    actor.send({ type: "bulk.undo" })
    await waitFor(actor, (s) => s.matches({ summary: "settled" }))
    expect(asked.moveBack).toEqual([
      {
        moved: [
          { row: row(1), from: "Under Review" },
          { row: row(2), from: "Under Review" },
        ],
        now: "Temp Approve",
      },
    ])
    expect(actor.getSnapshot().context.undone?.moved).toHaveLength(2)
    expect(asked.reloads).toBe(2)
  })

  it("asks before Approve and Reject; a cancel keeps the selection; an approval offers no Undo", async () => {
    const { actor, asked } = started()
    actor.send({ type: "selection.toggle", row: row(1) })
    actor.send({ type: "bulk.choose", status: "Reject" })
    expect(actor.getSnapshot().matches("confirming")).toBe(true)
    actor.send({ type: "bulk.cancel" })
    expect(actor.getSnapshot().matches("selecting")).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([row(1)])
    actor.send({ type: "bulk.choose", status: "Approve" })
    actor.send({ type: "bulk.confirm" })
    await waitFor(actor, (s) => s.matches({ summary: "settled" }))
    expect(asked.moveAll).toEqual([{ rows: [row(1)], to: "Approve" }])
    actor.send({ type: "bulk.undo" })
    expect(asked.moveBack).toEqual([])
    // Choosing rows again starts over.
    actor.send({ type: "selection.toggle", row: row(2) })
    expect(actor.getSnapshot().matches("selecting")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ selected: [row(2)], outcome: null, status: null })
  })
})
