import type { ActorRefFrom } from "xstate"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import type { VendorStatus } from "../../../api/contract/common.ts"
import { bulkStatuses, type BulkStatus, type bulkStatusMachine } from "../../../machines/vendors/bulk-status.machine.ts"
import { statusConfirmation } from "../../../machines/vendors/vendor-status.machine.ts"
import { BulkBar, countOf, type BulkWords } from "../../components/bulk-bar.tsx"
import { statusLabel } from "./status-label.ts"

const vendors = countOf("vendor")

/** A review list's words: what moved where, and Approve's and Reject's questions (the row menu's, by count). */
const words: BulkWords<PersonListItem, BulkStatus> = {
  group: "Change the chosen vendors",
  rowName: (row) => row.name,
  running: (status, n) => `Moving ${vendors(n)} to ${statusLabel(status)}…`,
  done: (status, n) =>
    status === "Approve" ? `${vendors(n)} approved.` : status === "Reject" ? `${vendors(n)} rejected.` : `${vendors(n)} moved to Temp Approve.`,
  refused: (_status, n) => `${vendors(n)} not moved:`,
  undone: (n) => `Undone: ${vendors(n)} moved back.`,
  confirmation: (status, n) => statusConfirmation(n, status === "Approve" ? "Approve" : "Reject"),
}

/** The bulk bar of a review list: the statuses the chosen vendors can all be moved to (not the list's own). */
export function BulkStatusBar({ actor, listStatus }: { actor: ActorRefFrom<typeof bulkStatusMachine>; listStatus: VendorStatus }) {
  const choices = bulkStatuses.filter((s) => s !== listStatus).map((status) => ({ action: status, label: status, danger: status === "Reject" }))
  return <BulkBar actor={actor} choices={choices} words={words} rowKey={(row) => row._id} />
}
