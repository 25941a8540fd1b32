import type { FastifyRequest } from "fastify"
import type { RevealAccountNumberRequest } from "../../../src/api/contract/vendors/vendor.ts"
import type { Db } from "../../db/database.ts"
import { insertAccessEntry } from "../../db/repositories/access-log.repository.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { notFound } from "../errors.ts"

export const ACCOUNT_NUMBER_REVEALED = "Account number revealed. This was recorded in the access log."

/**
 * POST /user/vendorDetails/:id/account-number (issue 26): the full number for an Admin who says why.
 * The access log's entry is written in the same transaction as the read, before the answer: a reveal that
 * cannot be recorded is not made (the database's failure is the caller's 503).
 */
export async function revealAccountNumber(
  deps: { db: Db; now: () => number },
  caller: Caller,
  id: string,
  body: RevealAccountNumberRequest,
  request: FastifyRequest,
) {
  return deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, id)
    const accountNumber = user?.account_details.accountNumber?.trim()
    if (!user) throw notFound("No vendor details found.")
    if (!accountNumber) throw notFound("No account number on record.")
    await insertAccessEntry(trx, {
      at: new Date(deps.now()),
      kind: "accountNumberRevealed",
      actor_id: caller.id,
      actor_role: caller.role,
      email: user.email,
      method: request.method,
      path: request.url.split("?")[0]!,
      operation: "revealAccountNumber",
      status: 200,
      detail: body.reason,
      ip: request.ip ?? "",
      request_id: String(request.id),
    })
    return { success: true, message: ACCOUNT_NUMBER_REVEALED, data: { accountNumber } }
  })
}
