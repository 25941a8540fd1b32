import type { ColumnType } from "kysely"

/** A person's TOTP secret: pending (enabled_at null) until confirmed with a first code. */
export interface UserTotpTable {
  user_id: string
  secret: string
  enabled_at: Date | string | null
  /** bigint: pg answers it as a string. */
  last_step: ColumnType<string | null, number | null | undefined, number | null>
  created_at: ColumnType<Date, Date | string | undefined, never>
}

/** Only hashes: a recovery code is shown once, at enrolment. */
export interface UserRecoveryCodesTable {
  user_id: string
  code_hash: string
  used_at: Date | string | null
}

type Json<T> = ColumnType<T, string, string>

export interface SettingsTable {
  key: string
  value: Json<unknown>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}
