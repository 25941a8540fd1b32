import type { PersonListItem } from "../../api/contract/account/user.ts"
import type { VendorStatus } from "../../api/contract/common.ts"
import * as vendorCalls from "../../api/contract/vendors/vendors.endpoints.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import { createBulkActionMachine, eachRow } from "../bulk-action.machine.ts"
import { STATUS_UPDATE_FAILED } from "./review-list.machine.ts"
import { refusalOf } from "./vendor-status.machine.ts"

/** The statuses many vendors can be moved to at once (issue 26: approve, temp-approve, reject). */
export const bulkStatuses = ["Temp Approve", "Approve", "Reject"] as const
export type BulkStatus = (typeof bulkStatuses)[number]

/** Approve is final and Reject shuts vendors out: both ask first. Approve can never be undone. */
export const bulkAsksFirst = (status: BulkStatus) => status === "Approve" || status === "Reject"
export const bulkUndoable = (status: BulkStatus) => status !== "Approve"

/**
 * Each change goes through the same call (and the server's vendor-status machine) as a row's own menu, one
 * after another; a change the rule refuses is not sent, and a refusal of the server is kept with its reason.
 */
const moveEach = (rows: readonly PersonListItem[], to: (row: PersonListItem) => VendorStatus) =>
  eachRow(rows, {
    refusal: (row) => refusalOf(row.status, to(row)),
    change: (row) => vendorsApi.updateUserStatus(row._id, to(row), row.organizationId),
    from: (row) => row.status,
    failure: STATUS_UPDATE_FAILED,
  })

/**
 * A review list's bulk status change (issue 26): select rows (or the whole page), choose Temp Approve, Approve
 * or Reject; Approve and Reject ask first. A summary says which vendors moved and which were refused and why;
 * for 5 seconds a change that can be undone (not Approve, which is final) offers Undo, which moves each vendor
 * back to the status it came from.
 */
export const bulkStatusMachine = createBulkActionMachine<PersonListItem, BulkStatus>({
  id: "bulkStatus",
  rowId: (row) => row._id,
  call: vendorCalls.updateUserStatus,
  run: (rows, status) => moveEach(rows, () => status),
  // Each vendor is now in `status`; back to where it came from.
  undo: (done, status) =>
    moveEach(
      done.map(({ row }) => ({ ...row, status })),
      (row) => done.find((d) => d.row._id === row._id)!.from as VendorStatus,
    ),
  asksFirst: bulkAsksFirst,
  undoable: bulkUndoable,
  failure: STATUS_UPDATE_FAILED,
})
