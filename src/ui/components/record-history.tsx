import { Box, Button, chakra, Collapsible, Field, HStack, Input, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import { diagramHref } from "./diagram-href.ts"
import { useActorRef, useSelector } from "@xstate/react"
import { entityAsOfMachine } from "../../machines/audit/entity-as-of.machine.ts"
import { BusyButton } from "./busy-button.tsx"
import { HISTORY_EMPTY, recordHistoryMachine, recordKey } from "../../machines/audit/record-history.machine.ts"
import { AsOfResult, AuditChanges, AuditWho } from "./audit-event-cells.tsx"
import { auditSentence } from "../../api/contract/audit/audit-sentence.ts"
import { formatDateTime } from "./format.ts"
import { Pager } from "./pager.tsx"
import { usePagedList } from "./use-paged-list.ts"

interface HistoryProps {
  entityType: string
  entityId: string
  /** The domain workflow the record's life follows (a registry id), and its state now when the screen knows it. */
  workflow?: { id: string; stateId?: string }
}

/**
 * A record's History tab (issue 25, Admin only): its events newest first, each as a sentence with who did
 * it, when (in the viewer's zone) and what changed, field by field; ten a page.
 */
export function RecordHistory({ entityType, entityId, workflow }: HistoryProps) {
  const list = useActorRef(recordHistoryMachine, { input: { search: recordKey(entityType, entityId) } })
  const view = usePagedList(list)
  return (
    <Stack gap="3" role="region" aria-label="History" aria-busy={view.loading} data-testid="record-history">
      {workflow ? (
        <Link asChild colorPalette="blue" fontSize="sm" alignSelf="start">
          <RouterLink href={diagramHref(workflow.id, workflow.stateId)}>
            {workflow.stateId ? "Its workflow, with its current state marked" : "Its workflow"}
          </RouterLink>
        </Link>
      ) : null}
      {view.error ? (
        <Text role="alert" color="fg.error">
          {view.error}
        </Text>
      ) : view.loading && view.rows.length === 0 ? (
        <Text role="status">Loading history...</Text>
      ) : view.rows.length === 0 ? (
        <Text color="fg.muted">{HISTORY_EMPTY}</Text>
      ) : (
        <chakra.ol listStyleType="none" display="grid" gap="3" opacity={view.loading ? 0.6 : 1}>
          {view.rows.map((event) => (
            <Box as="li" key={event._id} borderLeftWidth="3px" borderColor="teal.solid" pl="3">
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(event.at)}
              </Text>
              <Text fontWeight="medium">{auditSentence(event)}</Text>
              <Box fontSize="sm" mt="1">
                <AuditWho event={event} />
              </Box>
              <Box mt="1">
                <AuditChanges event={event} />
              </Box>
            </Box>
          ))}
        </chakra.ol>
      )}
      {view.total > 10 ? <Pager {...view.pager} /> : null}
      <RecordAsOf entityType={entityType} entityId={entityId} />
    </Stack>
  )
}

/** "What did it look like last Tuesday?": this record rebuilt from its events as of a chosen moment. */
function RecordAsOf({ entityType, entityId }: { entityType: string; entityId: string }) {
  const actor = useActorRef(entityAsOfMachine, { input: { entityType, entityId } })
  const ctx = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <Box as="section" aria-label="As of a moment" borderTopWidth="1px" pt="3">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "asOf.submit" })
        }}
      >
        <HStack align="end" gap="3" wrap="wrap">
          <Field.Root maxW="64">
            <Field.Label>As of</Field.Label>
            <Input size="sm" type="datetime-local" value={ctx.at} onChange={(e) => actor.send({ type: "field.change", field: "at", value: e.target.value })} />
          </Field.Root>
          <BusyButton type="submit" size="sm" variant="outline" busy={busy}>
            Show as it was then
          </BusyButton>
        </HStack>
      </form>
      {ctx.error ? (
        <Text role="alert" color="fg.error" mt="2">
          {ctx.error}
        </Text>
      ) : null}
      {ctx.result ? <AsOfResult result={ctx.result} /> : null}
    </Box>
  )
}

/** The History of a screen without tabs (Ticket Details, a blog's update page): folded, read when opened. */
export function FoldedRecordHistory(props: HistoryProps) {
  return (
    <Collapsible.Root lazyMount>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="outline" alignSelf="start">
          Show history
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box mt="3">
          <RecordHistory {...props} />
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
