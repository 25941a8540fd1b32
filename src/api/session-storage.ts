import { Schema } from "effect"
import { SessionUser } from "./contract/account/user.ts"

/** What the console keeps of a sign-in (spec section 3), plus when it ends. */
export const StoredSession = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  user: SessionUser,
  expiresAt: Schema.Number,
  /** When the access token ends on this device's clock (it is renewed a minute before). */
  accessEndsAt: Schema.optional(Schema.Number),
  remember: Schema.Boolean,
  /** An Admin who must set up two-factor first: the console shows only the two-factor screen. */
  mustEnrolTwoFactor: Schema.optional(Schema.Boolean),
})
export type StoredSession = typeof StoredSession.Type

const KEY = "console.session"

/** 'Remember Me' keeps the session across browser restarts (localStorage), otherwise for this tab's life. */
export function saveSession(session: StoredSession): void {
  clearSession()
  ;(session.remember ? localStorage : sessionStorage).setItem(KEY, JSON.stringify(session))
}

export function loadSession(): StoredSession | null {
  const raw = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY)
  if (!raw) return null
  try {
    return Schema.decodeUnknownSync(StoredSession)(JSON.parse(raw))
  } catch {
    clearSession()
    return null
  }
}

export function clearSession(): void {
  localStorage.removeItem(KEY)
  sessionStorage.removeItem(KEY)
}
