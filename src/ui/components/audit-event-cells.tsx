import { chakra, DataList, Stack, Text } from "@chakra-ui/react"
import { auditSentence, eventTypeLabel, fieldChanges, fieldWords } from "../../api/contract/audit/audit-sentence.ts"
import { entityKindLabel, type AuditEvent } from "../../api/contract/audit/audit.ts"
import type { AsOfResult as AsOf } from "../../machines/audit/entity-as-of.machine.ts"
import { EmailText } from "./email-text.tsx"
import { formatDateTime } from "./format.ts"

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/
const LONGEST = 160

/**
 * A field's value as a person reads it: a moment in the viewer's zone, Yes/No, "—" for nothing, a list
 * joined with commas, a group as "Name: value" pairs (never JSON), long text cut.
 */
export function valueText(value: unknown): string {
  const text = plainText(value)
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text
}

function plainText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—"
  if (typeof value === "boolean") return value ? "Yes" : "No"
  if (typeof value === "string") return INSTANT.test(value) ? formatDateTime(value) : value
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(plainText).join(", ")
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
    return entries.length === 0 ? "—" : entries.map(([k, v]) => `${fieldWords(k)}: ${plainText(v)}`).join("; ")
  }
  return String(value)
}

/** The event in words, with its kind underneath ("Person: status changed") as the Event type filter names it. */
export function AuditWhat({ event }: { event: AuditEvent }) {
  return (
    <Stack gap="0.5">
      <Text>{auditSentence(event)}</Text>
      <Text fontSize="xs" color="fg.muted" data-testid="event-type" data-type={event.type}>
        {eventTypeLabel(event.type)}
      </Text>
    </Stack>
  )
}

/**
 * Who did it: name and role, their e-mail address, and the address the call came from; someone not signed
 * in (a public form) or the system (a script, a timer) when no one was.
 */
export function AuditWho({ event }: { event: AuditEvent }) {
  const source = event.ip ? (
    <Text fontSize="xs" color="fg.muted" data-testid="event-source">
      from {event.ip}
    </Text>
  ) : null
  if (event.actorId === null)
    return (
      <Stack gap="0">
        <Text color="fg.muted">{event.ip ? "Someone not signed in" : "The system"}</Text>
        {source}
      </Stack>
    )
  return (
    <Stack gap="0">
      <Text>
        {event.actorName ?? "A deleted account"}
        {event.actorRole ? ` (${event.actorRole})` : ""}
      </Text>
      {event.actorEmail ? (
        <Text fontSize="xs" color="fg.muted">
          <EmailText email={event.actorEmail} />
        </Text>
      ) : null}
      {source}
    </Stack>
  )
}

/** Field by field: "Status: Under Review → Approve". A creation or deletion has none to list. */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const changes = fieldChanges(event)
  if (changes.length === 0) return <Text color="fg.muted">—</Text>
  return (
    <chakra.ul listStyleType="none" display="grid" gap="1" fontSize="sm">
      {changes.map((c) => (
        <li key={c.field}>
          <Text as="span" fontWeight="medium">
            {c.label}:
          </Text>{" "}
          <chakra.del color={{ base: "red.700", _dark: "red.300" }} textDecoration="line-through">
            {valueText(c.before)}
          </chakra.del>{" "}
          →{" "}
          <chakra.ins color={{ base: "green.800", _dark: "green.300" }} textDecoration="none">
            {valueText(c.after)}
          </chakra.ins>
        </li>
      ))}
    </chakra.ul>
  )
}

/** The ids, only when asked for: the event's, the record's, the actor's and the workflow version. */
export function AuditIds({ event }: { event: AuditEvent }) {
  return (
    <chakra.details fontSize="xs">
      <chakra.summary cursor="pointer" color="fg.muted">
        Show ids
      </chakra.summary>
      <Stack gap="0" mt="1" fontFamily="mono" wordBreak="break-all">
        <Text>event {event._id}</Text>
        <Text>
          {entityKindLabel(event.entityType)} {event.entityId}
        </Text>
        {event.actorId ? <Text>actor {event.actorId}</Text> : null}
        {event.workflow ? <Text>workflow {event.workflow.slice(0, 12)}</Text> : null}
        {event.requestId ? <Text>request {event.requestId}</Text> : null}
      </Stack>
    </chakra.details>
  )
}

/** A record's fields as labelled lines (the As of view), instead of its JSON. */
export function FieldValues({ fields }: { fields: unknown }) {
  const entries = fields !== null && typeof fields === "object" ? Object.entries(fields as Record<string, unknown>) : []
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="as-of-fields">
      {entries.map(([key, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel minW="40">{fieldWords(key)}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{valueText(value)}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

/** A record rebuilt as of a moment: its fields then, and the events that led there. */
export function AsOfResult({ result }: { result: AsOf }) {
  return (
    <Stack mt="4" gap="2" data-testid="as-of-result">
      <Text fontWeight="semibold">{result.exists ? `State at ${formatDateTime(result.at)}` : `It did not exist at ${formatDateTime(result.at)}`}</Text>
      {result.exists ? <FieldValues fields={result.state} /> : null}
      <Text fontSize="sm" color="fg.muted">
        From {result.events.length} events: {result.events.map((e) => eventTypeLabel(e.type)).join(" → ")}
      </Text>
    </Stack>
  )
}
