import { Badge } from "@chakra-ui/react"
import type { SessionStatus } from "../../api/contract/counselling-session.ts"

/** Upcoming in blue, past in grey. */
export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return (
    <Badge colorPalette={status === "upcoming" ? "blue" : "gray"} variant="subtle" data-testid="session-status">
      {status === "upcoming" ? "Upcoming" : "Past"}
    </Badge>
  )
}
