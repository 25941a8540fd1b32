import { MessageAnswer } from "../common.ts"
import { ContentPageQuery, IdParams } from "../content-common.ts"
import { CreateEditorRequest, EditorAnswer, EditorListAnswer, UpdateEditorRequest } from "../editor.ts"
import { endpoint } from "../endpoint.ts"

/** Editor management is Admin only (spec section 6). */
const admin = ["Admin"] as const

export const createEditor = endpoint({
  name: "createEditor",
  method: "POST",
  path: "/user/create",
  body: CreateEditorRequest,
  answer: EditorAnswer,
  access: admin,
  summary: "Create an editor account and email them a link to set their password",
})

/**
 * The spec reads editors through GET /user/{userType} with userType Editor; that path belongs to the
 * role lists, so editors have their own list here (same page and limit, same answer shape as content).
 */
export const listEditors = endpoint({
  name: "listEditors",
  method: "GET",
  path: "/user/editors",
  query: ContentPageQuery,
  answer: EditorListAnswer,
  access: admin,
  summary: "Every editor, newest first, with pagination.total",
})

/** The original product sent editor updates to the expert calls (a defect); editors have their own. */
export const updateEditor = endpoint({
  name: "updateEditor",
  method: "PATCH",
  path: "/user/editors/:id",
  params: IdParams,
  body: UpdateEditorRequest,
  answer: EditorAnswer,
  access: admin,
  summary: "Change an editor's name, email or number",
})

export const deleteEditor = endpoint({
  name: "deleteEditor",
  method: "DELETE",
  path: "/user/editors/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: admin,
  summary: "Delete an editor account (their content stays)",
})

export const editorEndpoints = [createEditor, listEditors, updateEditor, deleteEditor]
