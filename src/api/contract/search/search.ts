import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { Id } from "../common.ts"

/** Shortest and longest query the header search accepts. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_MAX_LENGTH = 100

export const SearchQuery = Schema.Struct({
  q: trimmedText({ min: SEARCH_MIN_LENGTH, max: SEARCH_MAX_LENGTH }),
})

/**
 * What a result is: each kind comes from one search source on the server (people, all tickets and enquiries
 * for the Admin; blogs for the Admin and Editors; one's own sessions and tickets for everyone else). A new
 * source adds its kind here.
 */
export const searchKinds = ["person", "session", "ticket", "enquiry", "blog"] as const
export const SearchKind = Schema.Literals(searchKinds)
export type SearchKind = typeof SearchKind.Type

/** The spec names no search call: this shape is ours. `href` is the console route the result opens. */
export const SearchResult = Schema.Struct({
  kind: SearchKind,
  id: Id,
  title: Schema.String,
  subtitle: Schema.String,
  href: Schema.String.check(Schema.isPattern(/^\/[^/]/u, { message: "must be a console path" })),
})
export type SearchResult = typeof SearchResult.Type

export const SearchAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(SearchResult) })
export type SearchAnswer = typeof SearchAnswer.Type
