import type { ScheduledNotificationsTable } from "./scheduled-notifications.table.ts"
import type { CalendarFeedsTable } from "./calendar-feeds.table.ts"
import type { DraftsTable } from "./drafts.table.ts"
import type { SavedViewsTable } from "./saved-views.table.ts"
import type { ProfileChangesTable } from "./profile-changes.table.ts"
import type { Kysely } from "kysely"
import type { AccessLogTable } from "./access-log.table.ts"
import type { PasswordResetTokensTable, RefreshTokensTable } from "./auth-tokens.table.ts"
import type { VendorAvailabilityTable, VendorDefaultAvailabilityTable, VendorWeeklyAvailabilityTable } from "./availability.table.ts"
import type { BlogsTable } from "./blogs.table.ts"
import type { BlogSchedulesTable } from "./blog-schedules.table.ts"
import type { MediaTable } from "./media.table.ts"
import type { ExpertsTable } from "./experts.table.ts"
import type { IdempotencyKeysTable } from "./idempotency-keys.table.ts"
import type { OutboxTable } from "./outbox.table.ts"
import type { InboxTable, NotificationPreferencesTable, NotificationTemplatesTable } from "./inbox.table.ts"
import type { GalleryItemsTable } from "./gallery-items.table.ts"
import type { PressItemsTable } from "./press-items.table.ts"
import type { TestimonialsTable } from "./testimonials.table.ts"
import type { CounsellingEnquiriesTable } from "./counselling-enquiries.table.ts"
import type { CounsellingSessionsTable } from "./counselling-sessions.table.ts"
import type { AuditCheckpointsTable, AuditSealsTable, EventsTable } from "./events.table.ts"
import type { TicketResponsesTable, TicketsTable } from "./tickets.table.ts"
import type { PeopleSearchTermsTable } from "./people-search.table.ts"
import type { ContactEnquiriesTable, ContactEnquiryCountTable } from "./contact-enquiries.table.ts"
import type { UserCountsTable } from "./user-counts.table.ts"
import type { ListCountsTable } from "./list-counts.table.ts"
import type { WeeklyCountsTable } from "./weekly-counts.table.ts"
import type { UsersTable } from "./users.table.ts"
import type { SettingsTable, UserRecoveryCodesTable, UserTotpTable } from "./sign-in-security.table.ts"

export interface Database {
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  password_reset_tokens: PasswordResetTokensTable
  events: EventsTable
  audit_seals: AuditSealsTable
  audit_checkpoints: AuditCheckpointsTable
  access_log: AccessLogTable
  tickets: TicketsTable
  ticket_responses: TicketResponsesTable
  vendor_availability: VendorAvailabilityTable
  vendor_default_availability: VendorDefaultAvailabilityTable
  vendor_weekly_availability: VendorWeeklyAvailabilityTable
  people_search_terms: PeopleSearchTermsTable
  blogs: BlogsTable
  blog_schedules: BlogSchedulesTable
  media: MediaTable
  gallery_items: GalleryItemsTable
  experts: ExpertsTable
  testimonials: TestimonialsTable
  press_items: PressItemsTable
  counselling_enquiries: CounsellingEnquiriesTable
  counselling_sessions: CounsellingSessionsTable
  contact_enquiries: ContactEnquiriesTable
  contact_enquiry_count: ContactEnquiryCountTable
  user_counts: UserCountsTable
  user_totp: UserTotpTable
  user_recovery_codes: UserRecoveryCodesTable
  settings: SettingsTable
  list_counts: ListCountsTable
  weekly_counts: WeeklyCountsTable
  idempotency_keys: IdempotencyKeysTable
  outbox: OutboxTable
  inbox: InboxTable
  notification_preferences: NotificationPreferencesTable
  notification_templates: NotificationTemplatesTable
  calendar_feeds: CalendarFeedsTable
  drafts: DraftsTable
  saved_views: SavedViewsTable
  profile_changes: ProfileChangesTable
  scheduled_notifications: ScheduledNotificationsTable
}

export type Db = Kysely<Database>

/** jsonb parameters are sent as text so pg and PGlite treat them alike (pg would turn arrays into PG arrays). */
export const json = (value: unknown): string => JSON.stringify(value ?? null)

/** A jsonb column as read: parsed by pg and PGlite's own readers, text where a driver's path leaves it so. */
export const fromJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T
