import type { MachineEntry } from "../machine-entry.ts"
import { accessLogMachine } from "./access-log.machine.ts"
import { auditEventTypesMachine } from "./audit-event-types.machine.ts"
import { auditLogMachine } from "./audit-log.machine.ts"
import { auditExportMachine } from "./audit-export.machine.ts"
import { entityAsOfMachine } from "./entity-as-of.machine.ts"
import { recordHistoryMachine } from "./record-history.machine.ts"
import { recordPickerMachine } from "./record-picker.machine.ts"

/** The audit trail's machines as the diagrams show them; the registry takes them as they are. */
export const auditEntries: MachineEntry[] = [
  {
    id: "audit-log",
    title: "Audit trail",
    summary: "The Admin's view of the event log: the one paged list (20 a page), with filters applied on demand and kept in the URL.",
    machine: auditLogMachine,
  },
  {
    id: "audit-export",
    title: "Audit trail: export",
    summary: "The CSV or JSON of the events the applied filters select, downloaded; a failure says why beside the buttons.",
    machine: auditExportMachine,
  },
  {
    id: "audit-event-types",
    title: "Audit trail: event types",
    summary: "The Event type filter's choices: every type the log holds, read when the audit trail opens.",
    machine: auditEventTypesMachine,
  },
  {
    id: "record-picker",
    title: "Audit trail: person and record pickers",
    summary:
      "Done by and Record: a person or a ticket found by name, email or number (300 ms after typing pauses), picked by its name; a link's id is shown by its name.",
    machine: recordPickerMachine,
    delayLabels: { debounce: "300 ms" },
  },
  {
    id: "record-history",
    title: "A record's History tab",
    summary: "The events of a record (vendor, ticket, blog, session, enquiry, editor, account, content card), newest first, ten a page, in words (Admin only).",
    machine: recordHistoryMachine,
  },
  {
    id: "access-log",
    title: "Access log",
    summary: "Refused calls, failed sign-ins and reads of the audit trail (Admin only), newest first, 20 a page, filtered by kind.",
    machine: accessLogMachine,
  },
  {
    id: "entity-as-of",
    title: "Entity as of a moment",
    summary: "Rebuilding an entity's fields at a chosen moment from its events.",
    machine: entityAsOfMachine,
  },
]
