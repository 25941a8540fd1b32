import type { ColumnType } from "kysely"

/** Only hashes of tokens are stored: a leaked table grants nothing. */
export interface RefreshTokensTable {
  token_hash: string
  user_id: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  expires_at: Date | string
  revoked_at: Date | string | null
  /** The sign-in this token descends from: reuse of a replaced token revokes all of it. */
  family_id: string
  /** The sign-in's 2-hour end; no refresh answers past it. */
  session_ends_at: Date | string
  /** When a refresh exchanged this token for the next one. */
  replaced_at: Date | string | null
}

export interface PasswordResetTokensTable {
  token_hash: string
  user_id: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  expires_at: Date | string
  used_at: Date | string | null
}
