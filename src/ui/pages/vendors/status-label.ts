import type { VendorStatus } from "../../../api/contract/common.ts"

/** Spec section 4: Approve is displayed 'Approved'; the other statuses show as they are. */
export const statusLabel = (status: VendorStatus): string => (status === "Approve" ? "Approved" : status)
