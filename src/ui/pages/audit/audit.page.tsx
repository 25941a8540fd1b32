import { Box, Button, Collapsible, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { auditEntityKinds, isPickableKind, recordPickerHints, type AuditEvent } from "../../../api/contract/audit/audit.ts"
import { QUERY_TEXT_MAX_LENGTH } from "../../../api/contract/common.ts"
import { auditEventTypesMachine } from "../../../machines/audit/audit-event-types.machine.ts"
import { auditInstantFilters, auditLogMachine, auditRangeProblem, emptyFilters, type AuditFilters } from "../../../machines/audit/audit-log.machine.ts"
import { auditExportMachine } from "../../../machines/audit/audit-export.machine.ts"
import { capitalized, eventTypeLabel } from "../../../api/contract/audit/audit-sentence.ts"
import { AsOfResult, AuditChanges, AuditIds, AuditWho, AuditWhat } from "../../components/audit-event-cells.tsx"
import { entityAsOfMachine } from "../../../machines/audit/entity-as-of.machine.ts"
import { BusyButton } from "../../components/busy-button.tsx"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { formatDateTime } from "../../components/format.ts"
import { Pager } from "../../components/pager.tsx"
import { RecordPicker } from "../../components/record-picker.tsx"
import type { ListUrlFilters } from "../../components/list-url.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { FilterSelect } from "../../components/filter-select.tsx"

/** The log keeps its applied filters and page in the URL, so reload, Back and a shared link show the same events. */
const urlFilters: ListUrlFilters = { keys: Object.keys(emptyFilters), instants: auditInstantFilters }

const exportMachine = auditExportMachine.provide({
  actions: {
    download: (_, { text, format }) => {
      const url = URL.createObjectURL(new Blob([text], { type: format === "csv" ? "text/csv" : "application/json" }))
      const link = Object.assign(document.createElement("a"), { href: url, download: `audit-events.${format}` })
      link.click()
      URL.revokeObjectURL(url)
    },
  },
})

/** The log's columns: when, the event in words, who, the changed fields, and the ids on demand. */
const auditColumns: Column<AuditEvent>[] = [
  { header: "When", cell: (r) => formatDateTime(r.at) },
  { header: "What", cell: (r) => <AuditWhat event={r} /> },
  { header: "Who", cell: (r) => <AuditWho event={r} /> },
  { header: "Changes", cell: (r) => <AuditChanges event={r} /> },
  { header: "Ids", cell: (r) => <AuditIds event={r} /> },
]

const dateFields: Array<{ field: keyof AuditFilters; label: string }> = [
  { field: "from", label: "From" },
  { field: "to", label: "To" },
]
/** Ids on demand: a record of a kind the pickers do not search, or an id copied from elsewhere. */
const idFields: Array<{ field: keyof AuditFilters; label: string }> = [
  { field: "entityId", label: "Entity id" },
  { field: "actorId", label: "Actor id" },
]

/** The kinds of record, as the filter offers them: "Person", "Counselling session"… */
const entityChoices = Object.entries(auditEntityKinds).map(([value, label]) => ({ value, label: capitalized(label) }))

export default function AuditPage() {
  const log = useListActor(auditLogMachine, urlFilters)
  const ctx = useSelector(log, (s) => s.context)
  const filters = { ...emptyFilters, ...ctx.filters }
  const applied = { ...emptyFilters, ...ctx.applied }
  const loading = useSelector(log, (s) => s.hasTag("busy"))
  const exporter = useActorRef(exportMachine)
  const exportingCsv = useSelector(exporter, (s) => s.matches("exportingCsv"))
  const exportingJson = useSelector(exporter, (s) => s.matches("exportingJson"))
  const exportError = useSelector(exporter, (s) => s.context.error)
  const { pager, columnChoice } = usePagedList(log)
  const types = useActorRef(auditEventTypesMachine)
  const typeChoices = useSelector(types, (s) => s.context.types)
  const typesFailed = useSelector(types, (s) => (s.matches("failed") ? s.context.error : null))
  const change = (field: keyof AuditFilters) => (value: string) => log.send({ type: "filter.change", field, value })
  const rangeProblem = auditRangeProblem(filters)
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
          <FilterSelect label="Entity" all="All kinds of record" value={filters.entityType} choices={entityChoices} onChange={change("entityType")} />
          <FilterSelect
            label="Event type"
            all="All event types"
            value={filters.type}
            choices={typeChoices.map((t) => ({ value: t, label: eventTypeLabel(t) })).sort((a, b) => a.label.localeCompare(b.label))}
            onChange={change("type")}
          />
          <RecordPicker label="Done by" placeholder="Search people by name or email" kind="user" value={filters.actorId} onChange={change("actorId")} />
          {isPickableKind(filters.entityType) ? (
            <RecordPicker
              key={filters.entityType}
              label="Record"
              placeholder={recordPickerHints[filters.entityType]}
              kind={filters.entityType}
              value={filters.entityId}
              onChange={change("entityId")}
            />
          ) : null}
          {dateFields.map(({ field, label }) => (
            <Field.Root key={field} invalid={rangeProblem !== null}>
              <Field.Label>{label}</Field.Label>
              <Input size="sm" type="datetime-local" value={filters[field]} onChange={(e) => change(field)(e.target.value)} />
              {field === "to" ? <Field.ErrorText role="alert">{rangeProblem}</Field.ErrorText> : null}
            </Field.Root>
          ))}
        </SimpleGrid>
        <Collapsible.Root mt="3">
          <Collapsible.Trigger asChild>
            <Button size="xs" variant="ghost">
              Filter by id
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mt="2">
              {idFields.map(({ field, label }) => (
                <Field.Root key={field}>
                  <Field.Label>{label}</Field.Label>
                  <Input size="sm" maxLength={QUERY_TEXT_MAX_LENGTH} value={filters[field]} onChange={(e) => change(field)(e.target.value)} />
                </Field.Root>
              ))}
            </SimpleGrid>
          </Collapsible.Content>
        </Collapsible.Root>
        {typesFailed ? (
          <HStack mt="2" gap="2">
            <Text role="alert" fontSize="sm" color="fg.error">
              {typesFailed}
            </Text>
            <Button size="xs" variant="outline" onClick={() => types.send({ type: "types.retry" })}>
              Try again
            </Button>
          </HStack>
        ) : null}
        <HStack mt="3" wrap="wrap">
          <BusyButton type="submit" size="sm" colorPalette="teal" busy={loading} disabled={rangeProblem !== null}>
            Apply filters
          </BusyButton>
          <Button size="sm" variant="outline" onClick={() => log.send({ type: "filter.clear" })}>
            Clear
          </Button>
          <BusyButton
            size="sm"
            variant="outline"
            onClick={() => exporter.send({ type: "export.csv", filters: applied })}
            busy={exportingCsv}
            loadingText="Exporting..."
          >
            Export CSV
          </BusyButton>
          <BusyButton
            size="sm"
            variant="outline"
            onClick={() => exporter.send({ type: "export.json", filters: applied })}
            busy={exportingJson}
            loadingText="Exporting..."
          >
            Export JSON
          </BusyButton>
          <Text fontSize="sm" color="fg.muted">
            {ctx.error ? 0 : ctx.total} events
          </Text>
        </HStack>
        {exportError ? (
          <Text role="alert" mt="2" fontSize="sm" color="fg.error">
            {exportError}
          </Text>
        ) : null}
      </form>
      <DataTable
        columnChoice={columnChoice}
        loading={loading}
        error={ctx.error}
        rows={ctx.rows}
        rowKey={(r) => r._id}
        emptyText="No events match these filters."
        columns={auditColumns}
      />
      <Pager {...pager} />
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
          <FilterSelect
            label="Entity type"
            all="Choose a kind of record"
            value={ctx.entityType}
            choices={entityChoices}
            onChange={(value) => actor.send({ type: "field.change", field: "entityType", value })}
          />
          {isPickableKind(ctx.entityType) ? (
            <RecordPicker
              key={ctx.entityType}
              label="Which record"
              placeholder={recordPickerHints[ctx.entityType]}
              kind={ctx.entityType}
              value={ctx.entityId}
              onChange={(value) => actor.send({ type: "field.change", field: "entityId", value })}
            />
          ) : null}
          <Field.Root>
            <Field.Label>Entity id</Field.Label>
            <Input
              size="sm"
              maxLength={QUERY_TEXT_MAX_LENGTH}
              value={ctx.entityId}
              onChange={(e) => actor.send({ type: "field.change", field: "entityId", value: e.target.value })}
            />
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
      {ctx.result ? <AsOfResult result={ctx.result} /> : null}
    </Box>
  )
}
