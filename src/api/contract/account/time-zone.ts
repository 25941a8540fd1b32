import { Schema } from "effect"

/*
 * Kept apart from the session contract: the profile's answers and the sign-in screen's contract use it,
 * and should not load the sessions' schemas with it.
 */
/** A zone this platform's time zone database knows. */
export const isTimeZone = (name: string): boolean => {
  try {
    return name.length <= 64 && new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone.length > 0
  } catch {
    return false
  }
}

/** An IANA time zone (`Asia/Kolkata`, `Europe/Berlin`, `UTC`): where a plain `HH:mm` is read. */
export const TimeZone = Schema.String.check(
  Schema.makeFilter((name: string) => isTimeZone(name) || "must be a time zone name such as Asia/Kolkata", {
    // The shape of every IANA name; which names exist is the server's time zone database's to say.
    toJsonSchema: () => ({
      maxLength: 64,
      pattern: "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$",
      description: "An IANA time zone name the server's time zone database knows (Asia/Kolkata, Europe/Berlin, UTC); another name is refused with 400.",
    }),
  }),
)

/** GET and PUT /user/time-zone: the person's own time zone; null until they choose one. */
export const TimeZoneSetting = Schema.Struct({ timeZone: Schema.NullOr(TimeZone) })
export type TimeZoneSetting = typeof TimeZoneSetting.Type
export const TimeZoneAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.optional(Schema.String), data: TimeZoneSetting })
