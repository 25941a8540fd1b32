import { MessageAnswer } from "../common.ts"
import { IdParams } from "../content/content-common.ts"
import { CreateEditorRequest, EditorAnswer, EditorListAnswer, EditorListQuery, UpdateEditorRequest } from "./editor.ts"
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
  refusals: { 409: "An account already has this email" },
})

/**
 * The spec's GET /user/{userType} with userType Editor: the one role list that is not a list of people
 * of the marketplace, so it has its own endpoint at that path (a fixed path wins over `/user/:role`).
 * Like every role list it answers data and totalRecords; pagination.total stays for older consoles.
 */
export const listEditors = endpoint({
  name: "listEditors",
  method: "GET",
  path: "/user/Editor",
  query: EditorListQuery,
  answer: EditorListAnswer,
  access: admin,
  summary: "Every editor, newest first or by `sort` (name, -name, createdAt, -createdAt); totalRecords (and pagination.total) count them all",
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
  refusals: { 409: "An account already has this email" },
})

export const deleteEditor = endpoint({
  name: "deleteEditor",
  method: "DELETE",
  path: "/user/editors/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: admin,
  summary: "Delete an editor account (their content stays)",
  refusals: { 409: "The editor is still referred to by tickets or sessions" },
})

export const editorEndpoints = [createEditor, listEditors, updateEditor, deleteEditor]
