import type { Kysely } from "kysely"
import type { PasswordResetTokensTable, RefreshTokensTable } from "./auth-tokens.table.ts"
import type { CounsellingEnquiriesTable } from "./counselling-enquiries.table.ts"
import type { CounsellingSessionsTable } from "./counselling-sessions.table.ts"
import type { EventsTable } from "./events.table.ts"
import type { UsersTable } from "./users.table.ts"

export interface Database {
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  password_reset_tokens: PasswordResetTokensTable
  events: EventsTable
  counselling_enquiries: CounsellingEnquiriesTable
  counselling_sessions: CounsellingSessionsTable
}

export type Db = Kysely<Database>

/** jsonb parameters are sent as text so pg and PGlite treat them alike (pg would turn arrays into PG arrays). */
export const json = (value: unknown): string => JSON.stringify(value ?? null)
