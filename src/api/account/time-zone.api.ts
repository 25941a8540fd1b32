import * as api from "../contract/account/time-zone.endpoints.ts"
import { call } from "../client.ts"

/** The signed-in person's own time zone (null: never chosen). */
export const getMyTimeZone = async () => (await call(api.getMyTimeZone, {})).data.timeZone
export const setMyTimeZone = async (timeZone: string | null) => {
  const answer = await call(api.setMyTimeZone, { body: { timeZone } })
  return { timeZone: answer.data.timeZone, message: answer.message ?? null }
}
