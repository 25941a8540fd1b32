import type { MachineEntry } from "./machine-entry.ts"
import { editorEntries } from "./editors/editors.entries.ts"
import { notificationEntries } from "./notifications/notifications.entries.ts"
import { auditEntries } from "./audit/audit.entries.ts"
import { blogEntries } from "./blogs/blogs.entries.ts"
import { contentEntries } from "./content/content.entries.ts"
import { mediaEntries } from "./media/media.entries.ts"
import { contactEntries } from "./contact/contact.entries.ts"
import { ticketEntries } from "./tickets/tickets.entries.ts"
import { vendorEntries } from "./vendors/vendors.entries.ts"
import { partnerEntries } from "./partner/partner.entries.ts"
import { availabilityEntries } from "./availability/availability.entries.ts"
import { dashboardEntries } from "./dashboard/dashboard.entries.ts"
import { searchEntries } from "./search/search.entries.ts"
import { viewEntries } from "./views/views.entries.ts"
import { accountEntries } from "./account/account.entries.ts"
import { counsellingEntries } from "./counselling/counselling.entries.ts"
import { listExportMachine } from "./list-export.machine.ts"
import { expertActionsMachine } from "./content/experts.machine.ts"
import { colorModeMachine } from "./color-mode.machine.ts"
import { connectionMachine } from "./connection.machine.ts"
import { diagramRenderMachine } from "./diagram-render.machine.ts"
import { createPagedListMachine } from "./paged-list.machine.ts"

/**
 * The domain workflows in the order auditors read them on the diagrams page and in docs/machines: the records
 * people deal with most first. Each resource's entries may sit anywhere in the assembly below.
 */
const workflowOrder = ["ticket", "counselling-session", "vendor-status", "blog-status", "blog-schedule", "enquiry-access", "assignment", "account"]

/** Each resource's entries (declared beside its machines) and the machines not yet moved to a resource. */
const assembled: MachineEntry[] = [
  ...accountEntries,
  {
    id: "paged-list",
    title: "Paged list",
    summary: "Every paged table of the console: loading screen, failure text, previous/next, search, reload.",
    machine: createPagedListMachine({ id: "pagedList", fetchPage: async () => ({ rows: [], total: 0 }), failureMessage: "(the list's failure text)" }),
  },
  ...auditEntries,
  ...viewEntries,
  {
    id: "list-export",
    title: "Export CSV",
    summary: "The Admin's 'Export CSV' of a list screen: every page with the current search, busy while it is prepared.",
    machine: listExportMachine,
  },
  {
    id: "diagram-render",
    title: "Diagram drawing",
    summary: "Loading the diagram library on demand and drawing a state diagram.",
    machine: diagramRenderMachine,
  },
  {
    id: "color-mode",
    title: "Colour mode",
    summary: "Light or dark: follows the system until the person toggles it in the user menu.",
    machine: colorModeMachine,
  },
  {
    id: "connection",
    title: "Connection to the server",
    summary: "Reachable, or not: while calls get no answer (or a 503) the client retries with backoff and a banner says so.",
    machine: connectionMachine,
  },
  ...ticketEntries,
  ...availabilityEntries,
  ...searchEntries,
  ...partnerEntries,
  ...blogEntries,
  ...mediaEntries,
  ...contentEntries,
  {
    id: "row-actions",
    title: "Card and row actions",
    summary: "Delete after confirmation (shown for Experts; every content screen uses the same machine).",
    machine: expertActionsMachine,
  },
  ...editorEntries,
  ...counsellingEntries,
  ...vendorEntries,
  ...contactEntries,
  ...notificationEntries,
  ...dashboardEntries,
]

/**
 * Every machine the diagrams and path-coverage reports cover. A new machine is added once, in its resource's
 * entries; `npm run diagrams` then writes docs/machines/<id>.md and the freshness test checks it.
 */
export const machineRegistry: MachineEntry[] = assembled.sort((a, b) => rank(a) - rank(b))

/** Workflows first, in workflowOrder; the console's machines after them, as assembled (the sort is stable). */
function rank(entry: MachineEntry): number {
  if (!entry.workflow) return workflowOrder.length
  const place = workflowOrder.indexOf(entry.id)
  if (place < 0) throw new Error(`workflow ${entry.id} has no place in workflowOrder`)
  return place
}
