import { Box, Button, Code, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { QUERY_TEXT_MAX_LENGTH } from "../../api/contract/common.ts"
import { auditLogMachine, type AuditFilters } from "../../machines/audit-log.machine.ts"
import { entityAsOfMachine } from "../../machines/entity-as-of.machine.ts"
import { pageCount } from "../../machines/paged-list.machine.ts"
import { BusyButton } from "../components/busy-button.tsx"
import { DataTable } from "../components/data-table.tsx"
import { formatDateTime } from "../components/format.ts"
import { Pager } from "../components/pager.tsx"
import { readAuditUrl, watchAuditUrl, writeAuditUrl } from "./audit-url.ts"

/** The log keeps its applied filters and page in the URL, so reload, Back and a shared link show the same events. */
const logMachine = auditLogMachine.provide({
  actions: {
    pushUrl: (_, state) => writeAuditUrl(state, false),
    replaceUrl: (_, state) => writeAuditUrl(state, true),
    download: (_, { csv }) => {
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }))
      const link = Object.assign(document.createElement("a"), { href: url, download: "audit-events.csv" })
      link.click()
      URL.revokeObjectURL(url)
    },
  },
  actors: { watchUrl: watchAuditUrl },
})

const filterFields: Array<{ field: keyof AuditFilters; label: string; type?: string; placeholder?: string }> = [
  { field: "entityType", label: "Entity", placeholder: "e.g. user, ticket, session" },
  { field: "entityId", label: "Entity id" },
  { field: "actorId", label: "Actor id" },
  { field: "type", label: "Event type", placeholder: "e.g. vendor.statusChanged" },
  { field: "from", label: "From", type: "datetime-local" },
  { field: "to", label: "To", type: "datetime-local" },
]

const json = (value: unknown) => (value == null ? "" : JSON.stringify(value))
const jsonCode = (value: unknown) => <Code fontSize="xs">{json(value)}</Code>

export default function AuditPage() {
  const log = useActorRef(logMachine, { input: readAuditUrl() })
  const ctx = useSelector(log, (s) => s.context)
  const loading = useSelector(log, (s) => s.hasTag("busy"))
  const exporting = useSelector(log, (s) => s.hasTag("exporting"))
  const canNext = useSelector(log, (s) => s.can({ type: "page.next" }))
  const canPrevious = useSelector(log, (s) => s.can({ type: "page.previous" }))
  return (
    <Stack gap="6">
      <Heading as="h1" size="lg">
        Audit trail
      </Heading>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          log.send({ type: "filter.apply" })
        }}
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {filterFields.map(({ field, label, type, placeholder }) => (
            <Field.Root key={field}>
              <Field.Label>{label}</Field.Label>
              <Input size="sm" type={type ?? "text"} maxLength={QUERY_TEXT_MAX_LENGTH} placeholder={placeholder} value={ctx.filters[field]} onChange={(e) => log.send({ type: "filter.change", field, value: e.target.value })} />
            </Field.Root>
          ))}
        </SimpleGrid>
        <HStack mt="3" wrap="wrap">
          <BusyButton type="submit" size="sm" colorPalette="teal" busy={loading}>
            Apply filters
          </BusyButton>
          <Button size="sm" variant="outline" onClick={() => log.send({ type: "filter.clear" })}>
            Clear
          </Button>
          <BusyButton size="sm" variant="outline" onClick={() => log.send({ type: "export.csv" })} busy={exporting} loadingText="Exporting...">
            Export CSV
          </BusyButton>
          <Text fontSize="sm" color="fg.muted">
            {ctx.total} events
          </Text>
        </HStack>
      </form>
      <DataTable
        loading={loading}
        error={ctx.error}
        rows={ctx.rows}
        rowKey={(r) => r._id}
        emptyText="No events match these filters."
        columns={[
          { header: "When", cell: (r) => formatDateTime(r.at) },
          { header: "Event", cell: (r) => r.type },
          { header: "Entity", cell: (r) => `${r.entityType} ${r.entityId}` },
          { header: "Who", cell: (r) => r.actorName ?? r.actorId ?? "system" },
          { header: "Before", cell: (r) => jsonCode(r.before) },
          { header: "After", cell: (r) => jsonCode(r.after) },
        ]}
      />
      <Pager page={ctx.page} pageCount={pageCount(ctx.total, ctx.pageSize)} canPrevious={canPrevious} canNext={canNext} onPrevious={() => log.send({ type: "page.previous" })} onNext={() => log.send({ type: "page.next" })} />
      <AsOfPanel />
    </Stack>
  )
}

function AsOfPanel() {
  const actor = useActorRef(entityAsOfMachine, { input: undefined })
  const ctx = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <Box as="section" aria-labelledby="as-of-heading" borderWidth="1px" rounded="md" p="4" bg="bg">
      <Heading as="h2" size="md" id="as-of-heading" mb="3">
        As of a moment
      </Heading>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "asOf.submit" })
        }}
      >
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
          <Field.Root>
            <Field.Label>Entity type</Field.Label>
            <Input size="sm" maxLength={QUERY_TEXT_MAX_LENGTH} value={ctx.entityType} onChange={(e) => actor.send({ type: "field.change", field: "entityType", value: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Entity id</Field.Label>
            <Input size="sm" maxLength={QUERY_TEXT_MAX_LENGTH} value={ctx.entityId} onChange={(e) => actor.send({ type: "field.change", field: "entityId", value: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Date and time</Field.Label>
            <Input size="sm" type="datetime-local" value={ctx.at} onChange={(e) => actor.send({ type: "field.change", field: "at", value: e.target.value })} />
          </Field.Root>
          <BusyButton type="submit" size="sm" colorPalette="teal" busy={busy}>
            Rebuild
          </BusyButton>
        </SimpleGrid>
      </form>
      {ctx.error ? (
        <Text role="alert" color="red.600" mt="3">
          {ctx.error}
        </Text>
      ) : null}
      {ctx.result ? (
        <Stack mt="4" gap="2" data-testid="as-of-result">
          <Text fontWeight="semibold">{ctx.result.exists ? `State at ${formatDateTime(ctx.result.at)}` : `It did not exist at ${formatDateTime(ctx.result.at)}`}</Text>
          {ctx.result.exists ? (
            <Code whiteSpace="pre-wrap" display="block" p="2">
              {JSON.stringify(ctx.result.state, null, 2)}
            </Code>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            From {ctx.result.events.length} events: {ctx.result.events.map((e) => e.type).join(" → ")}
          </Text>
        </Stack>
      ) : null}
    </Box>
  )
}
