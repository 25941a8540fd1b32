import { maskAccountNumber } from "../../../src/api/contract/account/user.ts"
import { reviewedFieldLabels, reviewedFields, type ProfileChange } from "../../../src/api/contract/vendors/profile-change.ts"
import type { ProfileChangeRow } from "../../db/profile-changes.table.ts"

/** Account numbers are masked wherever a change is shown, as everywhere else (issue 26). */
const shown = (field: string, value: string | null | undefined): string | null =>
  value == null ? null : field === "accountNumber" ? (maskAccountNumber(value) ?? null) : value

/** A change as its answers carry it: one line per field asked for, in the form's order, beside the approved value. */
export function toProfileChange(row: ProfileChangeRow): ProfileChange {
  return {
    _id: row.id,
    vendorId: row.vendor_id,
    status: row.status,
    lines: reviewedFields
      .filter((field) => Object.hasOwn(row.changes, field))
      .map((field) => ({ field, label: reviewedFieldLabels[field], approved: shown(field, row.approved[field]), proposed: shown(field, row.changes[field]) })),
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  }
}

/** The fields of a change in words, for its mails: "Bank Name, Account Number". */
export const changedFieldsText = (row: Pick<ProfileChangeRow, "changes">): string =>
  reviewedFields
    .filter((field) => Object.hasOwn(row.changes, field))
    .map((field) => reviewedFieldLabels[field])
    .join(", ")
