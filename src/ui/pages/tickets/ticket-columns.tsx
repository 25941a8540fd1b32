import { Badge, Button, Link, Stack, Text } from "@chakra-ui/react"
import { CircleCheck, CircleDot } from "lucide-react"
import { Link as RouterLink } from "wouter"
import type { Ticket } from "../../../api/contract/tickets/ticket.ts"
import { ticketListColumns, type TicketListColumn } from "../../../api/contract/tickets/ticket-list-screen.ts"
import { ticketStateOf } from "../../../machines/tickets/ticket.machine.ts"
import { definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { formatDateTime, NOT_AVAILABLE } from "../../components/format.ts"
import { sortHead, type SortWays } from "../../components/sort-header.tsx"
import { StarsShown } from "./star-rating.tsx"

export function TicketStatusBadge({ closed }: { closed: boolean }) {
  return (
    <Badge colorPalette={closed ? "gray" : "green"} variant="subtle" data-testid="ticket-status">
      {closed ? <CircleCheck size={12} aria-hidden="true" /> : <CircleDot size={12} aria-hidden="true" />}
      {closed ? "Closed" : "Open"}
    </Badge>
  )
}

/** How the table draws the definition's columns where plain text is not enough; the others show their text. */
const tableCells: ColumnCells<Ticket, TicketListColumn["key"]> = {
  ticketId: (t) => (
    <Text fontFamily="mono" whiteSpace="nowrap">
      {t.ticketId}
    </Text>
  ),
  query: (t) => (
    <Text maxW="xs" lineClamp={2} title={t.query}>
      {t.query}
    </Text>
  ),
  raisedBy: (t) => (
    <Stack gap="0">
      <Text whiteSpace="nowrap">{t.name}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t.role}
      </Text>
    </Stack>
  ),
  createdAt: (t) => <Text whiteSpace="nowrap">{formatDateTime(t.createdAt)}</Text>,
  status: (t) => <TicketStatusBadge closed={t.status} />,
  rating: (t) => (t.status && t.userRating !== null ? <StarsShown rating={t.userRating} /> : NOT_AVAILABLE),
  review: (t) => (t.status && t.userReview ? <Text maxW="xs">{t.userReview}</Text> : NOT_AVAILABLE),
}

const RAISED_WAYS: SortWays = { by: "date raised", ascending: "oldest first", descending: "newest first" }

/**
 * The ticket table's columns: S.No, the ticket list's definition (the Admin's CSV export's too; the Admin alone
 * sees 'Raised By' and, for closed tickets, the rating and review), then the action. Date | Time sorts the list
 * (newest first by default). The action follows the ticket machine's state: open → 'Respond' (the Admin: 'View'),
 * closed → 'Feedback' for the raiser, rated → the stars given.
 */
export function ticketColumns(options: {
  isAdmin: boolean
  offset: number
  sort: string
  onSort: (sort: string) => void
  onFeedback: (ticket: Ticket) => void
}): Column<Ticket>[] {
  const { isAdmin, offset, sort, onSort } = options
  return [
    { header: "S.No", cell: (_t, i) => offset + i + 1 },
    ...definedColumns(
      ticketListColumns.filter((c) => isAdmin || !c.adminOnly),
      tableCells,
      { createdAt: sortHead({ label: "Date | Time", key: "createdAt", sort, onSort, first: "ascending", implied: "descending", ways: RAISED_WAYS }) },
    ),
    { header: "Action", cell: (t) => <TicketAction ticket={t} isAdmin={isAdmin} onFeedback={options.onFeedback} /> },
  ]
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
