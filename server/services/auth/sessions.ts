import type { Db } from "../../db/database.ts"
import type { AccessToken } from "./tokens.ts"
import type { TokenVersionStore } from "./token-versions.ts"

/**
 * Ends every session of a person, inside the caller's transaction: the token version moves on (every
 * access token signed before is refused from the next request) and the refresh tokens are revoked.
 * Answers the new version, which the caller remembers in the store once the transaction has committed.
 */
export async function endSessions(trx: Db, userId: string, at: Date): Promise<number> {
  const row = await trx
    .updateTable("users")
    .set((eb) => ({ token_version: eb("token_version", "+", 1) }))
    .where("id", "=", userId)
    .returning("token_version")
    .executeTakeFirst()
  await trx.updateTable("refresh_tokens").set({ revoked_at: at }).where("user_id", "=", userId).where("revoked_at", "is", null).execute()
  return row?.token_version ?? 0
}

export type TokenCheck = "valid" | "revoked" | "unknown user"

/**
 * Compares a token's version with the user's current one: from the store when it agrees, else from the
 * row (a revoked token, or a version the store does not know yet, costs one query). Requests that miss
 * together for one user share one read: 50 polls arriving as the store's minute runs out cost one
 * query, not 50. The answer is judged by the store after the read, which never moves backwards, so a
 * request that joined a read begun before a logout committed still sees the logout's version.
 */
export async function checkTokenVersion(db: Db, versions: TokenVersionStore, token: AccessToken): Promise<TokenCheck> {
  if ((await versions.get(token.id)) === token.version) return "valid"
  const read = await readTokenVersion(db, versions, token.id)
  if (read === undefined) return "unknown user"
  const current = Math.max(read, (await versions.get(token.id)) ?? read)
  return current === token.version ? "valid" : "revoked"
}

const reading = new WeakMap<TokenVersionStore, Map<string, Promise<number | undefined>>>()

function readTokenVersion(db: Db, versions: TokenVersionStore, userId: string): Promise<number | undefined> {
  let pending = reading.get(versions)
  if (!pending) reading.set(versions, (pending = new Map()))
  const known = pending.get(userId)
  if (known) return known
  const read = (async () => {
    const row = await db.selectFrom("users").select("token_version").where("id", "=", userId).executeTakeFirst()
    if (row) await versions.remember(userId, row.token_version)
    return row?.token_version
  })().finally(() => pending.delete(userId))
  pending.set(userId, read)
  return read
}
