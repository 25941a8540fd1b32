import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { Email, Id, IsoDateTime, PageParam } from "../common.ts"
import { peopleSorts } from "../vendors/vendor.ts"
import { itemAnswer, Pagination } from "../content/content-common.ts"

/** An editor account as the Editor page lists it (#, Name, Email, Number, User Role). */
export const Editor = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.NullOr(Schema.String),
  role: Schema.Literal("Editor"),
  createdAt: IsoDateTime,
})
export type Editor = typeof Editor.Type

const PHONE_PATTERN = /^\+?\d+$/
/** The same rule as `EditorNumber`'s pattern, for a form that checks before it calls. */
export const isPhoneNumber = (text: string): boolean => PHONE_PATTERN.test(text.trim())

/** Spec section 5: number is text of at most 10 characters; a phone number, so digits with an optional leading +. */
export const EditorNumber = trimmedText({ required: true, max: 10, pattern: { re: PHONE_PATTERN, message: "must be digits, with an optional leading +" } })
const EditorName = trimmedText({ required: true, min: 2, max: 120 })

/** POST /user/create (JSON): the form also sends userRole, which can only be Editor. */
export const CreateEditorRequest = Schema.Struct({
  name: EditorName,
  email: Email,
  number: EditorNumber,
  userRole: Schema.optional(Schema.Literal("Editor")),
})
export type CreateEditorRequest = typeof CreateEditorRequest.Type

/** PATCH /user/editors/:id (JSON): any of the editor's own fields. */
export const UpdateEditorRequest = Schema.Struct({
  name: Schema.optional(EditorName),
  email: Schema.optional(Email),
  number: Schema.optional(EditorNumber),
})
export type UpdateEditorRequest = typeof UpdateEditorRequest.Type

/** GET /user/Editor: the role lists' data and totalRecords, with the content lists' pagination too. */
/** GET /user/Editor: the content lists' paging, in a people list's order (name or date either way; newest first unless told). */
export const EditorListQuery = Schema.Struct({ page: PageParam, limit: PageParam, sort: Schema.optional(Schema.Literals(peopleSorts)) })
export type EditorListQuery = typeof EditorListQuery.Type

export const EditorListAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(Editor), totalRecords: Schema.Number, pagination: Pagination })
export const EditorAnswer = itemAnswer(Editor)
