import { Badge } from "@chakra-ui/react"
import { CircleCheck, CircleX, Clock, Hourglass, type LucideIcon } from "lucide-react"
import type { VendorStatus } from "../../api/contract/common.ts"

const statusIcons: Record<VendorStatus, LucideIcon> = { Approve: CircleCheck, "Temp Approve": Clock, "Under Review": Hourglass, Reject: CircleX }

/**
 * Approve is displayed 'Approved' in green; any other status grey with its raw text (spec section 2). Each
 * known status has its icon too, so it is told apart without colour.
 */
export function StatusBadge({ status }: { status: VendorStatus | string }) {
  const approved = status === "Approve"
  const Icon = statusIcons[status as VendorStatus] as LucideIcon | undefined
  return (
    <Badge colorPalette={approved ? "green" : "gray"} variant="subtle" data-testid="status-badge">
      {Icon ? <Icon size={12} aria-hidden="true" /> : null}
      {approved ? "Approved" : status}
    </Badge>
  )
}
