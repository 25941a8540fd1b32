import type { Db } from "../../db/database.ts"

/** Whether sign-in asks this person for a code (an enrolment still waiting for its first code does not count). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user_totp").select("user_id").where("user_id", "=", userId).where("enabled_at", "is not", null).executeTakeFirst()
  return row !== undefined
}

export const findTotp = (db: Db, userId: string) => db.selectFrom("user_totp").selectAll().where("user_id", "=", userId).executeTakeFirst()

/**
 * Records `step` as used, only if it is later than the last one used: of two requests racing with the
 * same code, one wins. False means the code was already used.
 */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable("user_totp")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", String(step) as never)]))
    .returning("user_id")
    .executeTakeFirst()
  return row !== undefined
}

/** Marks a recovery code used, once; false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable("user_recovery_codes")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .returning("user_id")
    .executeTakeFirst()
  return row !== undefined
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("user_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
