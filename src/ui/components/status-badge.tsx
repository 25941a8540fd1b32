import { Badge } from "@chakra-ui/react"
import type { VendorStatus } from "../../api/contract/common.ts"

/** Approve is displayed 'Approved' in green; any other status grey with its raw text (spec section 2). */
export function StatusBadge({ status }: { status: VendorStatus | string }) {
  const approved = status === "Approve"
  return (
    <Badge colorPalette={approved ? "green" : "gray"} variant="subtle" data-testid="status-badge">
      {approved ? "Approved" : status}
    </Badge>
  )
}
