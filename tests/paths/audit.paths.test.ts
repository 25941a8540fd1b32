import { ApiError } from "../../src/api/api-error.ts"
import { auditLogMachine, emptyFilters } from "../../src/machines/audit/audit-log.machine.ts"
import { auditExportMachine } from "../../src/machines/audit/audit-export.machine.ts"
import { diagramRenderMachine } from "../../src/machines/diagram-render.machine.ts"
import { entityAsOfMachine } from "../../src/machines/audit/entity-as-of.machine.ts"
import { auditEventTypesMachine } from "../../src/machines/audit/audit-event-types.machine.ts"
import { recordPickerMachine } from "../../src/machines/audit/record-picker.machine.ts"
import { recordHistoryMachine } from "../../src/machines/audit/record-history.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const event = {
  _id: "1",
  entityType: "user",
  entityId: "u1",
  type: "user.passwordChanged",
  actorId: "u1",
  actorName: "Uma",
  at: "2026-11-21T10:00:00.000Z",
  before: null,
  after: null,
}
const failure = new ApiError("http", 500, "Internal Server Error", "Something went wrong on our side. Please try again.")

describeMachinePaths("audit log", {
  machine: auditLogMachine,
  // Opened from a link that names a From, so one change of To reverses the range.
  input: { filters: { ...emptyFilters, from: "2026-01-01T00:00" } },
  events: [
    { type: "fetchPage.done", output: { rows: [event], total: 45 } },
    { type: "fetchPage.done", output: { rows: [], total: 1 } },
    { type: "fetchPage.error", error: failure },
    // A change in the form, applied or not: here an end before the link's From, so Apply is refused until the range
    // makes sense again (filter.clear empties it); unit tests apply a range that does.
    { type: "filter.change", field: "to", value: "2000-01-01T00:00" },
    { type: "filter.apply" },
    { type: "filter.set", field: "entityType", value: "ticket" },
    { type: "filter.clear" },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 3 },
    { type: "size.change", size: 50 },
    { type: "column.toggle", column: "Email" },
    { type: "url.changed", search: "", filters: { ...emptyFilters, type: "user.passwordChanged" }, page: 2 },
    { type: "url.changed", search: "", filters: emptyFilters, page: 1 },
  ],
})

describeMachinePaths("audit export", {
  machine: auditExportMachine.provide({ actions: { download: () => {} } }),
  input: undefined,
  events: [
    { type: "export.csv", filters: emptyFilters },
    { type: "exportCsv.done", output: "id,at\r\n" },
    { type: "exportCsv.error", error: failure },
    { type: "export.json", filters: emptyFilters },
    { type: "exportJson.done", output: "[]" },
    { type: "exportJson.error", error: failure },
  ],
})

describeMachinePaths("entity as of", {
  machine: entityAsOfMachine,
  input: { entityType: "user" },
  events: [
    { type: "field.change", field: "entityId", value: "u1" },
    { type: "field.change", field: "at", value: "2026-11-21T10:00" },
    { type: "asOf.submit" },
    { type: "fetchAsOf.done", output: { exists: true, state: { name: "Uma" }, events: [event], at: "2026-11-21T10:00:00.000Z" } },
    { type: "fetchAsOf.error", error: failure },
  ],
})

describeMachinePaths("diagram render", {
  machine: diagramRenderMachine,
  input: { source: "stateDiagram-v2\n  [*] --> a" },
  events: [
    { type: "renderDiagram.done", output: "<svg></svg>" },
    { type: "renderDiagram.error", error: new Error("parse error") },
    { type: "diagram.show", source: "stateDiagram-v2\n  [*] --> b" },
  ],
})

describeMachinePaths("audit event types", {
  machine: auditEventTypesMachine,
  events: [{ type: "fetchTypes.done", output: ["blog.created", "user.statusChanged"] }, { type: "fetchTypes.error", error: failure }, { type: "types.retry" }],
})

const person = { id: "u1", label: "Vikram Lawyer", detail: "Lawyer · vikram@example.org" }

describeMachinePaths("record picker (from a link with an id)", {
  machine: recordPickerMachine,
  input: { kind: "user", id: "u1" },
  events: [
    { type: "name.done", output: person },
    { type: "name.done", output: null },
    { type: "name.error", error: failure },
    { type: "selection.clear" },
    { type: "query.change", value: "vik" },
    { type: "query.change", value: "" },
    { type: "after.debounce" },
    { type: "find.done", output: [person] },
    { type: "find.done", output: [] },
    { type: "find.error", error: failure },
    { type: "option.pick", option: person },
    { type: "value.set", id: "u1" },
    { type: "value.set", id: "u2" },
    { type: "value.set", id: "" },
  ],
})

describeMachinePaths("record history", {
  machine: recordHistoryMachine,
  input: { search: "user:u1" },
  events: [
    { type: "fetchPage.done", output: { rows: Array.from({ length: 10 }, (_, i) => ({ ...event, _id: `e${i}` })), total: 25 } },
    { type: "fetchPage.done", output: { rows: [], total: 0 } },
    { type: "fetchPage.error", error: failure },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 3 },
    { type: "list.reload" },
    { type: "column.toggle", column: "Changes" },
  ],
})
