import type { SecuritySettings } from "../../../src/api/contract/account/two-factor.ts"
import { json, type Db } from "../../db/database.ts"
import type { Caller } from "./tokens.ts"
import { appendEvent } from "../events.ts"

const KEY = "security"
const DEFAULTS: SecuritySettings = { requireAdminTwoFactor: false }

/** The settings row, with defaults for what was never set (no row until the Admin first saves). */
export async function readSecuritySettings(db: Db): Promise<SecuritySettings> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst()
  const stored = (row?.value ?? {}) as Partial<SecuritySettings>
  return { requireAdminTwoFactor: stored.requireAdminTwoFactor === true || DEFAULTS.requireAdminTwoFactor }
}

export const adminTwoFactorRequired = async (db: Db): Promise<boolean> => (await readSecuritySettings(db)).requireAdminTwoFactor

/** PUT /settings/security: one row, one event with what changed (before/after). */
export async function updateSecuritySettings(deps: { db: Db; now: () => number }, caller: Caller, next: SecuritySettings) {
  const data = await deps.db.transaction().execute(async (trx) => {
    const before = await readSecuritySettings(trx)
    const value = { ...before, ...next }
    await trx
      .insertInto("settings")
      .values({ key: KEY, value: json(value), updated_at: new Date(deps.now()) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json(value), updated_at: new Date(deps.now()) }))
      .execute()
    if (before.requireAdminTwoFactor !== value.requireAdminTwoFactor) {
      await appendEvent(trx, {
        entityType: "settings",
        entityId: KEY,
        type: "settings.security.changed",
        actorId: caller.id,
        before: { requireAdminTwoFactor: before.requireAdminTwoFactor },
        after: { requireAdminTwoFactor: value.requireAdminTwoFactor },
      })
    }
    return value
  })
  return { success: true, data }
}
