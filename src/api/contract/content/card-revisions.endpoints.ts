import type { Schema } from "effect"
import { endpoint } from "../endpoint.ts"
import { contentRoles } from "../blogs/blog.endpoints.ts"
import { RevisionParams, RevisionsAnswer } from "../revisions.ts"
import { IdParams } from "./content-common.ts"
import { CardRevisionAnswer } from "./card-revisions.ts"

/** A card kind's words for its revision calls: `Expert` names listExpertRevisions, `/expert` is where they live. */
interface CardRevisionKind<A extends Schema.Top> {
  name: string
  base: string
  /** In the summaries, e.g. "an expert". */
  what: string
  /** The text fields a restore puts back, in words. */
  fields: string
  itemAnswer: A
}

/**
 * The Revisions of a card kind (issue 28), as the blog has them: the list, one in full, and a restore that
 * goes through the kind's update (its checks and event), so it is itself a new revision.
 */
export function cardRevisionEndpoints<A extends Schema.Top>(kind: CardRevisionKind<A>) {
  const missing = { 404: `No ${kind.name.toLowerCase()} has this id, or it has no such revision` }
  return {
    list: endpoint({
      name: `list${kind.name}Revisions`,
      method: "GET",
      path: `${kind.base}/revisions/:id`,
      params: IdParams,
      answer: RevisionsAnswer,
      access: contentRoles,
      summary: `The revisions of ${kind.what}, newest first: it after each recorded change (created, updated), who made it and when`,
    }),
    get: endpoint({
      name: `get${kind.name}Revision`,
      method: "GET",
      path: `${kind.base}/revisions/:id/:revision`,
      params: RevisionParams,
      answer: CardRevisionAnswer,
      access: contentRoles,
      summary: `One revision of ${kind.what} in full: its text fields and image`,
      refusals: missing,
    }),
    restore: endpoint({
      name: `restore${kind.name}Revision`,
      method: "POST",
      path: `${kind.base}/revisions/:id/:revision/restore`,
      params: RevisionParams,
      answer: kind.itemAnswer,
      access: contentRoles,
      summary: `Make a revision's text (${kind.fields}) the content of ${kind.what} again, itself recorded as a new revision; the image stays the current one (a replaced image is not kept)`,
      refusals: missing,
    }),
  }
}
