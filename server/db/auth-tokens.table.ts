import type { ColumnType } from "kysely"

/** Only hashes of tokens are stored: a leaked table grants nothing. */
export interface RefreshTokensTable {
  token_hash: string
  user_id: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  expires_at: Date | string
  revoked_at: Date | string | null
}

export interface PasswordResetTokensTable {
  token_hash: string
  user_id: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  expires_at: Date | string
  used_at: Date | string | null
}
