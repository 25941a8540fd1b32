import { Card, DataList, Stack, Text } from "@chakra-ui/react"
import type { TicketThread } from "../../../api/contract/tickets/ticket.ts"
import { formatDateTime } from "../../components/format.ts"
import { StarsShown } from "./star-rating.tsx"
import { TicketAttachment } from "./ticket-attachment.tsx"

/** The ticket itself on Ticket Details: type, raiser, date, query, feedback once given, the attachment. */
export function TicketSummary({ thread }: { thread: TicketThread }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Ticket Type</DataList.ItemLabel>
            <DataList.ItemValue>{thread.ticketType}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Raised By</DataList.ItemLabel>
            <DataList.ItemValue>
              {thread.name} ({thread.role})
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Date | Time</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(thread.createdAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Query</DataList.ItemLabel>
            {/* A long unbroken query (a pasted address, say) wraps instead of pushing the page sideways at 375 px. */}
            <DataList.ItemValue whiteSpace="pre-wrap" overflowWrap="anywhere" minW="0" data-testid="ticket-query">
              {thread.query}
            </DataList.ItemValue>
          </DataList.Item>
          {thread.userRating !== null ? (
            <DataList.Item>
              <DataList.ItemLabel>Feedback</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap="0">
                  <StarsShown rating={thread.userRating} />
                  <Text overflowWrap="anywhere">{thread.userReview}</Text>
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {thread.hasImage ? (
            <DataList.Item>
              <DataList.ItemLabel>Attachment</DataList.ItemLabel>
              <DataList.ItemValue>
                <TicketAttachment queryId={thread.queryId} ticketId={thread.ticketId} />
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  )
}
