import * as api from "../contract/account/calendar-feed.endpoints.ts"
import { call } from "../client.ts"

/** The signed-in person's private calendar feed: read, make or replace, turn off. */
export const getCalendarFeed = async () => (await call(api.getCalendarFeed, {})).data
export const replaceCalendarFeed = async () => {
  const answer = await call(api.createCalendarFeed, {})
  return { feed: answer.data, message: answer.message ?? null }
}
export const revokeCalendarFeed = async () => {
  const answer = await call(api.revokeCalendarFeed, {})
  return { feed: answer.data, message: answer.message ?? null }
}
