import { Image, Link, Spinner, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { ticketAttachmentMachine } from "../../../machines/tickets/ticket-attachment.machine.ts"

/** The ticket's private image, fetched with the token; its object URL is released when the page closes. */
export function TicketAttachment({ queryId, ticketId }: { queryId: string; ticketId: string }) {
  const actor = useActorRef(ticketAttachmentMachine, { input: { queryId } })
  const url = useSelector(actor, (s) => s.context.url)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  if (failed) return <Text color="red.600">The attachment could not be loaded.</Text>
  if (!url) return <Spinner role="status" size="sm" aria-label="Loading attachment" />
  return (
    <Link href={url} target="_blank" rel="noopener" display="inline-block">
      <Image src={url} alt={`Attachment of ${ticketId}`} maxH="60" maxW="full" rounded="md" borderWidth="1px" />
    </Link>
  )
}
