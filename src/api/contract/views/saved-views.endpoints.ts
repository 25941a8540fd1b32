import { MessageAnswer } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import { SavedViewAnswer, SavedViewListAnswer, SavedViewListQuery, SavedViewParams, SaveViewRequest } from "./saved-views.ts"

export const listSavedViews = endpoint({
  name: "listSavedViews",
  method: "GET",
  path: "/views",
  query: SavedViewListQuery,
  answer: SavedViewListAnswer,
  access: "signedIn",
  summary: "The caller's own saved views of one list, by name",
})

export const saveView = endpoint({
  name: "saveView",
  method: "POST",
  path: "/views",
  body: SaveViewRequest,
  answer: SavedViewAnswer,
  access: "signedIn",
  summary: "Name the list as the caller sees it (its address query) to open it again; a name is used once per list (409), at most 20 views a list (400)",
  refusals: { 409: "The caller already has a view with this name on this list (letter case ignored)" },
})

export const deleteView = endpoint({
  name: "deleteView",
  method: "DELETE",
  path: "/views/:id",
  params: SavedViewParams,
  answer: MessageAnswer,
  access: "signedIn",
  summary: "Delete one of the caller's saved views",
  refusals: { 404: "No view of the caller has this id (another person's views are not theirs to delete)" },
})

export const savedViewEndpoints = [listSavedViews, saveView, deleteView]
