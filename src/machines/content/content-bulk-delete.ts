import type { Endpoint } from "../../api/contract/endpoint.ts"
import { createBulkActionMachine, eachRow } from "../bulk-action.machine.ts"
import { DELETE_FAILED } from "./content-lists.ts"

/**
 * A card screen's bulk delete (issue 26): cards chosen with their boxes (or every card shown) are deleted after
 * asking, each through the card's own delete call, one after another; a summary names those not deleted and why.
 * A deleted card cannot be brought back, so there is no Undo.
 */
export function createBulkDeleteMachine<Item>(o: { id: string; idOf: (item: Item) => string; call: Endpoint; remove: (id: string) => Promise<unknown> }) {
  return createBulkActionMachine<Item, "delete">({
    id: o.id,
    rowId: o.idOf,
    call: o.call,
    run: (items) => eachRow(items, { refusal: () => null, change: (item) => o.remove(o.idOf(item)), from: () => "kept", failure: DELETE_FAILED }),
    asksFirst: "always",
    undoable: () => false,
    failure: DELETE_FAILED,
  })
}
