import { sql } from "kysely"
import type { Migration, MigrationProvider } from "kysely/migration"
import * as accounts from "./0001-accounts.ts"
import * as tickets from "./0004-tickets.ts"
import * as account from "./0006-account.ts"
import * as content from "./0005-content.ts"
import * as counselling from "./0003-counselling.ts"
import * as vendors from "./0002-vendors.ts"
import * as scale from "./0007-scale.ts"
import * as signInSecurity from "./0008-sign-in-security.ts"
import * as searchKeys from "./0009-search-keys.ts"
import * as idempotencyKeys from "./0010-idempotency-keys.ts"
import * as boundedSearchGrams from "./0011-bounded-search-grams.ts"
import * as refreshRotation from "./0012-refresh-rotation.ts"
import * as sessionDateOrder from "./0013-session-date-order.ts"
import * as outbox from "./0014-outbox.ts"
import * as notificationCentre from "./0015-notification-centre.ts"
import * as sessionLifecycle from "./0016-session-lifecycle.ts"
import * as calendarFeeds from "./0017-calendar-feeds.ts"
import * as scheduledNotifications from "./0018-scheduled-notifications.ts"
import * as timeZones from "./0019-time-zones-and-weekly-hours.ts"
import * as auditChain from "./0020-audit-chain.ts"
import * as accessLog from "./0021-access-log.ts"
import * as drafts from "./0022-drafts.ts"
import * as eventOrigin from "./0023-event-origin.ts"
import * as idempotencyLease from "./0024-idempotency-lease.ts"
import * as peopleNameOrder from "./0025-people-name-order.ts"
import * as closedTicketCount from "./0026-closed-ticket-count.ts"
import * as enquiryNameOrder from "./0027-enquiry-name-order.ts"
import * as savedViews from "./0028-saved-views.ts"
import * as sessionStateFilter from "./0029-session-state-filter.ts"
import * as counsellingEnquiryNameOrder from "./0030-counselling-enquiry-name-order.ts"
import * as weeklyCounts from "./0031-weekly-counts.ts"
import * as profileChanges from "./0032-profile-changes.ts"
import * as profileChangeFlag from "./0033-profile-change-flag.ts"
import * as counsellingUsersNameOrder from "./0034-counselling-users-name-order.ts"
import * as counsellorClients from "./0035-counsellor-clients.ts"
import * as blogSchedules from "./0036-blog-schedules.ts"
import * as media from "./0037-media.ts"
import * as counterSlots from "./0038-counter-slots.ts"
import * as moreCounterSlots from "./0039-more-counter-slots.ts"
import * as searchWordPairs from "./0040-search-word-pairs.ts"
import * as searchDigitRuns from "./0041-search-digit-runs.ts"
import * as counterSlotPerConnection from "./0042-counter-slot-per-connection.ts"
import * as searchEmailEnds from "./0043-search-email-ends.ts"
import * as searchKeysOnce from "./0044-search-keys-once.ts"

/**
 * The one migration set for PGlite and PostgreSQL. Listed statically (not read from disk)
 * so the bundle and tests see the same set. Append; never edit a migration that has shipped.
 */
const migrations: Record<string, Migration> = {
  "0001-accounts": accounts,
  "0004-tickets": tickets,
  "0006-account": account,
  "0005-content": content,
  "0003-counselling": counselling,
  "0002-vendors": vendors,
  "0007-scale": scale,
  "0008-sign-in-security": signInSecurity,
  "0009-search-keys": searchKeys,
  "0010-idempotency-keys": idempotencyKeys,
  "0011-bounded-search-grams": boundedSearchGrams,
  "0012-refresh-rotation": refreshRotation,
  "0013-session-date-order": sessionDateOrder,
  "0014-outbox": outbox,
  "0015-notification-centre": notificationCentre,
  "0016-session-lifecycle": sessionLifecycle,
  "0017-calendar-feeds": calendarFeeds,
  "0018-scheduled-notifications": scheduledNotifications,
  "0019-time-zones-and-weekly-hours": timeZones,
  "0020-audit-chain": auditChain,
  "0021-access-log": accessLog,
  "0022-drafts": drafts,
  "0023-event-origin": eventOrigin,
  "0024-idempotency-lease": idempotencyLease,
  "0025-people-name-order": peopleNameOrder,
  "0026-closed-ticket-count": closedTicketCount,
  "0027-enquiry-name-order": enquiryNameOrder,
  "0028-saved-views": savedViews,
  "0029-session-state-filter": sessionStateFilter,
  "0030-counselling-enquiry-name-order": counsellingEnquiryNameOrder,
  "0031-weekly-counts": weeklyCounts,
  "0032-profile-changes": profileChanges,
  "0033-profile-change-flag": profileChangeFlag,
  "0034-counselling-users-name-order": counsellingUsersNameOrder,
  "0035-counsellor-clients": counsellorClients,
  "0036-blog-schedules": blogSchedules,
  "0037-media": media,
  "0038-counter-slots": counterSlots,
  "0039-more-counter-slots": moreCounterSlots,
  "0040-search-word-pairs": searchWordPairs,
  "0041-search-digit-runs": searchDigitRuns,
  "0042-counter-slot-per-connection": counterSlotPerConnection,
  "0043-search-email-ends": searchEmailEnds,
  "0044-search-keys-once": searchKeysOnce,
}

/**
 * The server bounds every statement (SERVER_STATEMENT_TIMEOUT_MS); a migration building an index over
 * a million rows may take longer, so each lifts the bound inside its own transaction.
 */
const unbounded = (migration: Migration): Migration => ({
  ...migration,
  up: async (db) => {
    await sql`set local statement_timeout = 0`.execute(db)
    await migration.up(db)
  },
})

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([name, migration]) => [name, unbounded(migration)])),
}
