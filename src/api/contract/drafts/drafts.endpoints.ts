import { MessageAnswer } from "../common.ts"
import { DraftAnswer, DraftListAnswer, DraftListQuery, DraftParams, SaveDraftRequest, SavedDraftAnswer } from "./drafts.ts"
import { endpoint } from "../endpoint.ts"

const writers = ["Admin", "Editor"] as const

export const listDrafts = endpoint({
  name: "listDrafts",
  method: "GET",
  path: "/drafts",
  query: DraftListQuery,
  answer: DraftListAnswer,
  access: writers,
  summary: "The caller's own unpublished drafts, newest first (only one form's with `form`): which form, the title typed so far and when it was saved",
})

export const getDraft = endpoint({
  name: "getDraft",
  method: "GET",
  path: "/drafts/:key",
  params: DraftParams,
  answer: DraftAnswer,
  access: writers,
  summary: "The caller's draft of one form (blog:new, blog:<id>, expert:new, expert:<id>, and so on), or null when there is none",
})

export const saveDraft = endpoint({
  name: "saveDraft",
  method: "PUT",
  path: "/drafts/:key",
  params: DraftParams,
  body: SaveDraftRequest,
  answer: SavedDraftAnswer,
  access: writers,
  summary: "Save (replace) the caller's draft of one form; a draft may be incomplete, only the fields' lengths are checked",
})

export const deleteDraft = endpoint({
  name: "deleteDraft",
  method: "DELETE",
  path: "/drafts/:key",
  params: DraftParams,
  answer: MessageAnswer,
  access: writers,
  summary: "Discard the caller's draft of one form (also once it is published); answers the same when there was none",
})

export const draftEndpoints = [listDrafts, getDraft, saveDraft, deleteDraft]
