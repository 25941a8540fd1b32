import { Box, HStack, Stack, Text } from "@chakra-ui/react"
import { ticketList } from "../../../api/contract/tickets/ticket-list.ts"
import { ticketListScreen } from "../../../api/contract/tickets/ticket-list-screen.ts"
import { useActorRef, useSelector } from "@xstate/react"
import { canCall } from "../../../api/contract/endpoint.ts"
import { createTicket } from "../../../api/contract/tickets/ticket.endpoints.ts"
import { feedbackMachine } from "../../../machines/tickets/feedback.machine.ts"
import { ticketListMachine } from "../../../machines/tickets/ticket-list.machine.ts"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { DataTable } from "../../components/data-table.tsx"
import { Pager } from "../../components/pager.tsx"
import { FeedbackDialog } from "./feedback-dialog.tsx"
import { RaiseTicket } from "./raise-ticket-dialog.tsx"
import { ticketColumns } from "./ticket-columns.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { FilterSelect } from "../../components/filter-select.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { selectColumnOf } from "../../components/select-box.tsx"
import { bulkCloseMachine } from "../../../machines/tickets/bulk-close.machine.ts"
import { BulkCloseBar } from "./bulk-close-bar.tsx"

/** The State and Raised filters, kept in the URL (`?state=open&from=2026-11-01&to=2026-11-30`). */
const TICKET_FILTERS = { keys: ["state", "from", "to"] } as const
const STATE_CHOICES = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
]

/** My Tickets (/my-tickets): the ticket table, the floating Raise Ticket button and the feedback modal. */
export default function MyTicketsPage() {
  const user = useSelector(authActor, selectUser)
  const list = useListActor(ticketListMachine, TICKET_FILTERS)
  const feedback = useActorRef(feedbackMachine.provide({ actions: { submitted: () => list.send({ type: "list.reload" }) } }))
  const snapshot = useSelector(list, (s) => s)
  const { pager, columnChoice } = usePagedList(list)
  // The Admin closes many tickets at once (issue 26): the list is read again after each run.
  const bulk = useActorRef(bulkCloseMachine.provide({ actions: { listChanged: () => list.send({ type: "list.reload" }) } }))
  const chosen = useSelector(bulk, (s) => s.context.selected.map((t) => t._id))
  const bulkBusy = useSelector(bulk, (s) => s.hasTag("busy"))
  if (!user) return null
  const { context } = snapshot
  const busy = snapshot.hasTag("busy")
  const isAdmin = user.role === "Admin"
  const columns = ticketColumns({
    isAdmin,
    offset: (context.page - 1) * context.pageSize,
    sort: context.sort,
    onSort: (sort) => list.send({ type: "sort.change", sort }),
    onFeedback: (ticket) => feedback.send({ type: "form.open", extra: { ticketId: ticket.ticketId } }),
  })
  const selectColumn = selectColumnOf({
    rows: context.rows,
    chosen,
    busy: bulkBusy,
    rowId: (ticket) => ticket._id,
    rowLabel: (ticket) => `Select ${ticket.ticketId}`,
    pageLabel: "Select all tickets on this page",
    send: (event) => bulk.send(event),
  })
  return (
    <Stack gap="4" pb="20">
      <ListHeader
        title={ticketList.title}
        meta={
          <Text fontSize="sm" color="fg.muted" data-testid="ticket-total">
            Total: {context.total}
          </Text>
        }
        exportButton={<ExportButtons list="my-tickets" search="" sort={context.sort} filters={{ ...context.applied, ...dayRangeBounds(context.applied) }} />}
      />
      <HStack gap="4" align="end" wrap="wrap">
        <Box w={{ base: "full", md: "56" }}>
          <FilterSelect
            label="State"
            all="All tickets"
            value={context.filters.state ?? ""}
            choices={STATE_CHOICES}
            onChange={(state) => list.send({ type: "filter.set", field: "state", value: state })}
          />
        </Box>
        <ListDayRangeFilter list={list} label="Raised" />
      </HStack>
      {isAdmin ? <BulkCloseBar actor={bulk} /> : null}
      <DataTable
        columnChoice={columnChoice}
        columns={isAdmin ? [selectColumn, ...columns] : columns}
        rows={context.rows}
        rowKey={(t) => t._id}
        loading={busy && context.rows.length === 0}
        error={context.error}
        emptyText={ticketListScreen.empty}
      />
      {context.rows.length > 0 ? <Pager {...pager} /> : null}
      {canCall(createTicket.access, user.role) ? <RaiseTicket floating onSubmitted={() => list.send({ type: "list.reload" })} /> : null}
      <FeedbackDialog actor={feedback} />
    </Stack>
  )
}
