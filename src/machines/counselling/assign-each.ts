import { messageOf } from "../../api/api-error.ts"
import * as usersApi from "../../api/counselling/counselling-users.api.ts"

export interface AssignOutcome {
  assigned: string[]
  failures: Array<{ userId: string; message: string }>
}

/** One update per selected user (spec section 7); every outcome is kept so a partial failure is told. */
export async function assignEach(input: { userIds: string[]; counsellorId: string }): Promise<AssignOutcome> {
  const results = await Promise.allSettled(input.userIds.map((userId) => usersApi.assignCounsellor(userId, input.counsellorId)))
  const outcome: AssignOutcome = { assigned: [], failures: [] }
  results.forEach((result, i) => {
    const userId = input.userIds[i]!
    if (result.status === "fulfilled") outcome.assigned.push(userId)
    else outcome.failures.push({ userId, message: messageOf(result.reason, "Something went wrong.") })
  })
  return outcome
}
