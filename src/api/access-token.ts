/**
 * How long an access token lives (ms), from its `iat` and `exp` claims, read without checking the
 * signature: the console only needs to know when to renew it; the server checks everything. The
 * lifetime, not `exp` itself, is what the console counts from the moment it got the token, so a device
 * whose clock is off still renews on time. Null for anything that is not such a JWT.
 */
export function accessTokenLifetime(token: string | undefined): number | null {
  const payload = token?.split(".")[1]
  if (!payload) return null
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { iat?: unknown; exp?: unknown }
    return typeof claims.exp === "number" && typeof claims.iat === "number" && claims.exp > claims.iat ? (claims.exp - claims.iat) * 1000 : null
  } catch {
    return null
  }
}

/** When, on this device's clock, a token received at `receivedAt` ends; null when that cannot be told. */
export function accessTokenEndsAt(token: string | undefined, receivedAt: number): number | null {
  const lifetime = accessTokenLifetime(token)
  return lifetime === null ? null : receivedAt + lifetime
}
