import { Schema } from "effect"
import { roles } from "../common.ts"
import { CalendarFeedAnswer, FeedTokenParams } from "./calendar-feed.ts"
import { endpoint } from "../endpoint.ts"

export const getCalendarFeed = endpoint({
  name: "getCalendarFeed",
  method: "GET",
  path: "/calendar/feed",
  answer: CalendarFeedAnswer,
  access: roles,
  summary: "The signed-in person's calendar feed address, or null when they have none",
})

export const createCalendarFeed = endpoint({
  name: "createCalendarFeed",
  method: "POST",
  path: "/calendar/feed",
  answer: CalendarFeedAnswer,
  access: roles,
  summary: "Makes the signed-in person's calendar feed address, or replaces it: the old address stops working at once",
})

export const revokeCalendarFeed = endpoint({
  name: "revokeCalendarFeed",
  method: "DELETE",
  path: "/calendar/feed",
  answer: CalendarFeedAnswer,
  access: roles,
  summary: "Turns the signed-in person's calendar feed off: its address stops working",
})

export const calendarFeed = endpoint({
  name: "calendarFeed",
  method: "GET",
  path: "/calendar/feed/:token",
  params: FeedTokenParams,
  produces: ["text/calendar"],
  answer: Schema.String,
  access: "public",
  summary:
    "The iCalendar feed (RFC 5545) of one person's counselling sessions, for calendar apps to subscribe to; the secret address is the key (404 once replaced or turned off)",
  refusals: { 404: "No calendar feed has this address (it was replaced or turned off)" },
})

export const calendarFeedEndpoints = [getCalendarFeed, createCalendarFeed, revokeCalendarFeed, calendarFeed]
