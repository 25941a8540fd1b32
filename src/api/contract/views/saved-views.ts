import { Schema } from "effect"

/**
 * Saved views (issue 26): a list as a person left it (its search, order, filters, page size and hidden columns,
 * the address's query string), named so they can open it again. Each person's own, per list.
 */

/** A list's name as its machine knows it ("roleList.Lawyer", "enquiries", "auditLog"). */
export const SAVED_VIEW_LIST_PATTERN = /^[A-Za-z][A-Za-z0-9.]{0,59}$/u
export const SavedViewList = Schema.String.check(Schema.isPattern(SAVED_VIEW_LIST_PATTERN, { message: "must name a list" }))
export const SAVED_VIEW_NAME_MAX = 60
/** The list's address query (without `?`); an address is short, this bounds what a row can hold. */
export const SAVED_VIEW_QUERY_MAX = 2000
/** Views one person keeps on one list. */
export const SAVED_VIEWS_PER_LIST = 20

export const SavedViewName = Schema.String.check(
  Schema.isPattern(/\S/u, { message: "is required" }),
  Schema.isMaxLength(SAVED_VIEW_NAME_MAX, { message: `must be at most ${SAVED_VIEW_NAME_MAX} characters` }),
)

export const SavedView = Schema.Struct({
  _id: Schema.String,
  list: Schema.String,
  name: Schema.String,
  query: Schema.String,
  createdAt: Schema.String,
})
export type SavedView = typeof SavedView.Type

export const SavedViewListQuery = Schema.Struct({ list: SavedViewList })
export const SavedViewParams = Schema.Struct({ id: Schema.String.check(Schema.isMaxLength(64, { message: "must be at most 64 characters" })) })

export const SaveViewRequest = Schema.Struct({
  list: SavedViewList,
  name: SavedViewName,
  query: Schema.String.check(Schema.isMaxLength(SAVED_VIEW_QUERY_MAX, { message: `must be at most ${SAVED_VIEW_QUERY_MAX} characters` })),
})
export type SaveViewRequest = typeof SaveViewRequest.Type

/** GET /views?list=: the person's views of that list, by name. */
export const SavedViewListAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(SavedView) })
/** POST /views: the view as kept. */
export const SavedViewAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: SavedView })

export const VIEW_SAVED = "View saved."
export const VIEW_DELETED = "View deleted."
export const VIEW_NAME_TAKEN = "You already have a view with this name on this list."
export const VIEW_LIMIT_REACHED = `You can keep at most ${SAVED_VIEWS_PER_LIST} views on a list. Delete one first.`
export const VIEW_NOT_FOUND = "View not found."
