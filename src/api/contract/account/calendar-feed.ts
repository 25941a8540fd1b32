import { Schema } from "effect"
import { IsoDateTime } from "../common.ts"

/**
 * A person's private calendar feed (issue 24): a secret address that Google Calendar, Outlook or Apple
 * Calendar subscribe to, listing that person's counselling sessions. Whoever holds the address reads the
 * feed, so it can be replaced (the old one stops working at once) or turned off.
 */
export const CalendarFeed = Schema.Struct({
  /** The address to subscribe to, or null when the person has none. */
  url: Schema.NullOr(Schema.String),
  createdAt: Schema.NullOr(IsoDateTime),
})
export type CalendarFeed = typeof CalendarFeed.Type
export const CalendarFeedAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.optional(Schema.String), data: CalendarFeed })
export type CalendarFeedAnswer = typeof CalendarFeedAnswer.Type

/** The feed's secret: 32 random bytes, base64url, then `.ics` (calendar apps like the extension). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}\.ics$/u
export const FeedTokenParams = Schema.Struct({
  token: Schema.String.check(Schema.isPattern(FEED_TOKEN_PATTERN, { message: "must be a calendar feed address" })),
})
