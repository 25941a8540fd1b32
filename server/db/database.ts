import type { Kysely } from "kysely"
import type { PasswordResetTokensTable, RefreshTokensTable } from "./auth-tokens.table.ts"
import type { ContactEnquiriesTable, ContactEnquiryCountTable } from "./contact-enquiries.table.ts"
import type { EventsTable } from "./events.table.ts"
import type { UserCountsTable } from "./user-counts.table.ts"
import type { UsersTable } from "./users.table.ts"

export interface Database {
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  password_reset_tokens: PasswordResetTokensTable
  events: EventsTable
  contact_enquiries: ContactEnquiriesTable
  contact_enquiry_count: ContactEnquiryCountTable
  user_counts: UserCountsTable
}

export type Db = Kysely<Database>

/** jsonb parameters are sent as text so pg and PGlite treat them alike (pg would turn arrays into PG arrays). */
export const json = (value: unknown): string => JSON.stringify(value ?? null)
