import { Badge, Button, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { Ticket } from "../../../api/contract/ticket.ts"
import { ticketStateOf } from "../../../machines/ticket.machine.ts"
import type { Column } from "../../components/data-table.tsx"
import { formatDateTime, NOT_AVAILABLE } from "../../components/format.ts"
import { StarsShown } from "./star-rating.tsx"

export function TicketStatusBadge({ closed }: { closed: boolean }) {
  return (
    <Badge colorPalette={closed ? "gray" : "green"} variant="subtle" data-testid="ticket-status">
      {closed ? "Closed" : "Open"}
    </Badge>
  )
}

/**
 * The ticket table's columns. The Admin also sees 'Raised By' and, for closed tickets, the rating
 * and review. The action follows the ticket machine's state: open → 'Respond' (the Admin: 'View'),
 * closed → 'Feedback' for the raiser, rated → the stars given.
 */
export function ticketColumns(options: { isAdmin: boolean; offset: number; onFeedback: (ticket: Ticket) => void }): Column<Ticket>[] {
  const { isAdmin, offset } = options
  const columns: Column<Ticket>[] = [
    { header: "S.No", cell: (_t, i) => offset + i + 1 },
    {
      header: "Ticket ID",
      cell: (t) => (
        <Text fontFamily="mono" whiteSpace="nowrap">
          {t.ticketId}
        </Text>
      ),
    },
    { header: "Ticket Type", cell: (t) => t.ticketType },
    {
      header: "Query",
      cell: (t) => (
        <Text maxW="xs" lineClamp={2} title={t.query}>
          {t.query}
        </Text>
      ),
    },
  ]
  if (isAdmin) {
    columns.push({
      header: "Raised By",
      cell: (t) => (
        <Stack gap="0">
          <Text whiteSpace="nowrap">{t.name}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t.role}
          </Text>
        </Stack>
      ),
    })
  }
  columns.push(
    { header: "Date | Time", cell: (t) => <Text whiteSpace="nowrap">{formatDateTime(t.createdAt)}</Text> },
    { header: "Status", cell: (t) => <TicketStatusBadge closed={t.status} /> },
  )
  if (isAdmin) {
    columns.push(
      { header: "Rating", cell: (t) => (t.status && t.userRating !== null ? <StarsShown rating={t.userRating} /> : NOT_AVAILABLE) },
      { header: "Review", cell: (t) => (t.status && t.userReview ? <Text maxW="xs">{t.userReview}</Text> : NOT_AVAILABLE) },
    )
  }
  columns.push({ header: "Action", cell: (t) => <TicketAction ticket={t} isAdmin={isAdmin} onFeedback={options.onFeedback} /> })
  return columns
}

function TicketAction({ ticket, isAdmin, onFeedback }: { ticket: Ticket; isAdmin: boolean; onFeedback: (ticket: Ticket) => void }) {
  const state = ticketStateOf(ticket)
  const href = `/ticket/${ticket.queryId}`
  if (isAdmin || state !== "open") {
    if (!isAdmin && state === "closed") {
      return (
        <Button
          aria-haspopup="dialog"
          data-dialog="feedback"
          size="xs"
          colorPalette="teal"
          variant="outline"
          onClick={() => onFeedback(ticket)}
          aria-label={`Feedback for ${ticket.ticketId}`}
        >
          Feedback
        </Button>
      )
    }
    if (!isAdmin && ticket.userRating !== null) return <StarsShown rating={ticket.userRating} />
    return (
      <Link asChild colorPalette="teal" aria-label={`View ${ticket.ticketId}`}>
        <RouterLink href={href}>View</RouterLink>
      </Link>
    )
  }
  return (
    <Link asChild colorPalette="teal" fontWeight="semibold" aria-label={`Respond to ${ticket.ticketId}`}>
      <RouterLink href={href}>Respond</RouterLink>
    </Link>
  )
}
