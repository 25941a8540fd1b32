import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { PersonListItem } from "../../src/api/contract/account/user.ts"
import { bulkStatusMachine, type BulkStatus } from "../../src/machines/vendors/bulk-status.machine.ts"
import type { BulkOutcome, Done } from "../../src/machines/bulk-action.machine.ts"

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

/** Where the machine is: its state value (the bulk machine's summary states differ by list, so its type is loose). */
const at = (snapshot: { value: unknown }, value: unknown) => JSON.stringify(snapshot.value) === JSON.stringify(value)

/** The machine with both calls answered here, recording what each was asked and how often the list was reloaded. */
function started() {
  const asked: {
    runAll: Array<{ rows: PersonListItem[]; action: BulkStatus }>
    undoAll: Array<{ done: Done<PersonListItem>[]; action: BulkStatus }>
    reloads: number
  } = {
    runAll: [],
    undoAll: [],
    reloads: 0,
  }
  const actor = createActor(
    bulkStatusMachine.provide({
      actors: {
        runAll: fromPromise<BulkOutcome<PersonListItem>, { rows: PersonListItem[]; action: BulkStatus }>(async ({ input }) => {
          asked.runAll.push(input)
          return { done: input.rows.map((r) => ({ row: r, from: r.status })), refused: [] }
        }),
        undoAll: fromPromise<BulkOutcome<PersonListItem>, { done: Done<PersonListItem>[]; action: BulkStatus }>(async ({ input }) => {
          asked.undoAll.push(input)
          return { done: input.done, refused: [] }
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
    actor.send({ type: "bulk.choose", action: "Temp Approve" })
    expect(at(actor.getSnapshot(), "selecting")).toBe(true)
  })

  it("moves at once to Temp Approve, then offers Undo, which moves each vendor back from Temp Approve", async () => {
    const { actor, asked } = started()
    actor.send({ type: "selection.setAll", rows: [row(1), row(2)], selected: true })
    actor.send({ type: "bulk.choose", action: "Temp Approve" })
    await waitFor(actor, (s) => at(s, { summary: "undoable" }))
    expect(asked.runAll).toEqual([{ rows: [row(1), row(2)], action: "Temp Approve" }])
    expect(actor.getSnapshot().context.selected).toEqual([])
    actor.send({ type: "bulk.undo" })
    await waitFor(actor, (s) => at(s, { summary: "settled" }))
    expect(asked.undoAll).toEqual([
      {
        done: [
          { row: row(1), from: "Under Review" },
          { row: row(2), from: "Under Review" },
        ],
        action: "Temp Approve",
      },
    ])
    expect(actor.getSnapshot().context.undone?.done).toHaveLength(2)
    expect(asked.reloads).toBe(2)
  })

  it("asks before Approve and Reject; a cancel keeps the selection; an approval offers no Undo", async () => {
    const { actor, asked } = started()
    actor.send({ type: "selection.toggle", row: row(1) })
    actor.send({ type: "bulk.choose", action: "Reject" })
    expect(at(actor.getSnapshot(), "confirming")).toBe(true)
    actor.send({ type: "bulk.cancel" })
    expect(at(actor.getSnapshot(), "selecting")).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([row(1)])
    actor.send({ type: "bulk.choose", action: "Approve" })
    actor.send({ type: "bulk.confirm" })
    await waitFor(actor, (s) => at(s, { summary: "settled" }))
    expect(asked.runAll).toEqual([{ rows: [row(1)], action: "Approve" }])
    actor.send({ type: "bulk.undo" })
    expect(asked.undoAll).toEqual([])
    // Choosing rows again starts over.
    actor.send({ type: "selection.toggle", row: row(2) })
    expect(at(actor.getSnapshot(), "selecting")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ selected: [row(2)], outcome: null, action: null })
  })
})
