import { Badge, HStack } from "@chakra-ui/react"
import { CalendarClock, History } from "lucide-react"
import { sessionStateLabels, type SessionState, type SessionStatus } from "../../../api/contract/counselling/counselling-session.ts"

const stateColours: Record<SessionState, string> = { scheduled: "gray", rescheduled: "purple", cancelled: "red", completed: "green", noShow: "orange" }

/** Upcoming in blue, past in grey (the spec's split); beside it, any step of its life after booking. */
export function SessionStatusBadge({ status, state = "scheduled" }: { status: SessionStatus; state?: SessionState }) {
  return (
    <HStack gap="1" wrap="nowrap">
      <Badge colorPalette={status === "upcoming" ? "blue" : "gray"} variant="subtle" data-testid="session-status">
        {status === "upcoming" ? <CalendarClock size={12} aria-hidden="true" /> : <History size={12} aria-hidden="true" />}
        {status === "upcoming" ? "Upcoming" : "Past"}
      </Badge>
      {state === "scheduled" ? null : (
        <Badge colorPalette={stateColours[state]} variant="outline" data-testid="session-state-badge">
          {sessionStateLabels[state]}
        </Badge>
      )}
    </HStack>
  )
}
