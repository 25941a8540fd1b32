import { Schema } from "effect"
import { decodeOrThrow } from "../../../src/api/contract/decode.ts"
import { Email, NonEmptyTrimmed } from "../../../src/api/contract/common.ts"
import { ResetPasswordRequest } from "../../../src/api/contract/account/user.ts"
import type { Db } from "../../db/database.ts"
import { findUserByEmail, insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import { hashPassword } from "../auth/passwords.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { endSessions } from "../auth/sessions.ts"
import { Refused } from "./refused.ts"

/** The same rules as the console's forms: a valid email, a password of 8 to 128 characters. */
export const AdminInput = Schema.Struct({ name: NonEmptyTrimmed, email: Email, password: ResetPasswordRequest.fields.password })
export type AdminInput = typeof AdminInput.Type

export const decodeAdminInput = (input: Record<string, string | undefined>): AdminInput => decodeOrThrow(AdminInput, input, "")

/**
 * `npm run create-admin`: the first Admin of a production database, where the demo seed never runs.
 * Refuses when an Admin exists, or the email is taken, unless `force`: then it adds another Admin,
 * or turns the account with that email into an approved Admin with the new password (the way back in
 * for an operator locked out), signing it out everywhere. One transaction with its event.
 */
export async function createFirstAdmin(db: Db, input: AdminInput, options: { force: boolean }): Promise<"created" | "updated"> {
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction().execute(async (trx) => {
      const admin = await trx.selectFrom("users").select("email").where("role", "=", "Admin").limit(1).executeTakeFirst()
      if (admin && !options.force)
        throw new Refused(`An Admin already exists (${admin.email}). Run again with --force to add another Admin or to reset an account to Admin.`)
      const existing = await findUserByEmail(trx, input.email)
      if (existing && !options.force)
        throw new Refused(`An account with the email ${input.email} already exists. Run again with --force to make it an Admin with this password.`)
      if (!existing) {
        const user = await insertUser(trx, { name: input.name, email: input.email, role: "Admin", status: "Approve", password_hash: passwordHash })
        await recordChange(trx, { entityType: "user", entityId: user.id, type: "user.created", actorId: null })
        return "created"
      }
      const before = await snapshotOf(trx, "user", existing.id)
      await trx
        .updateTable("users")
        .set((eb) => ({
          name: input.name,
          role: "Admin",
          status: "Approve",
          password_hash: passwordHash,
          updated_at: new Date(),
          version: eb("version", "+", 1),
        }))
        .where("id", "=", existing.id)
        .execute()
      // Every session of the account ends (running servers trust their cached token version for at most a
      // minute, in memory or in Redis, then read the row again).
      await endSessions(trx, existing.id, new Date())
      // The new password is in the row but, a secret, never in the log: the event type says it was reset.
      await recordChange(trx, { entityType: "user", entityId: existing.id, type: "user.madeAdmin", actorId: null, before })
      return "updated"
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refused(`An account with the email ${input.email} was just created by someone else.`)
    throw error
  }
}
