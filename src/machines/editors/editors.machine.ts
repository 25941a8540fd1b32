import * as editorApi from "../../api/editors/editor.api.ts"
import { CreateEditorRequest, type Editor } from "../../api/contract/editors/editor.ts"
import { messageOf } from "../../api/api-error.ts"
import { CONTENT_LIST_LIMIT } from "../content/content-lists.ts"
import { createContentFormMachine } from "../content/content-form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import type { ImageSpec } from "../content/content-form.machine.ts"
import {
  createEditor as createEditorCall,
  deleteEditor as deleteEditorCall,
  listEditors as listEditorsCall,
  updateEditor as updateEditorCall,
} from "../../api/contract/editors/editor.endpoints.ts"
import { editorListScreen } from "../../api/contract/editors/editor-list-screen.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { peopleSorts } from "../../api/contract/vendors/vendor.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"

/** The Editor list: up to 100 a page, newest first or by name either way (issue 26). */
export const editorListMachine = createPagedListMachine<Editor>({
  id: "editorList",
  pageSize: CONTENT_LIST_LIMIT,
  call: listEditorsCall,
  failureMessage: editorListScreen.failure,
  sorts: peopleSorts,
  fetchPage: async (request) => {
    const answer = await editorApi.listEditors(request)
    return { rows: [...answer.data], total: answer.totalRecords }
  },
})

export const editorFields: readonly FieldSpec[] = [
  { name: "name", label: "Name", kind: "text", schema: CreateEditorRequest.fields.name },
  { name: "email", label: "Email", kind: "email", schema: CreateEditorRequest.fields.email },
  { name: "number", label: "Number", kind: "tel", schema: CreateEditorRequest.fields.number },
  { name: "userRole", label: "User Role", kind: "select", options: ["Editor"] },
]
export const editorImage: ImageSpec | null = null

/** Spec section 5: name, email (email format) and number (at most 10 characters); the role is Editor. */
export const editorFormMachine = createContentFormMachine<Editor>({
  id: "editorForm",
  call: [createEditorCall, updateEditorCall],
  fields: editorFields,
  image: editorImage,
  initialValues: { userRole: "Editor" },
  idOf: (e) => e._id,
  valuesOf: (e) => ({ name: e.name, email: e.email, number: e.number ?? "", userRole: e.role }),
  save: ({ mode, itemId, values }) => {
    const fields = { name: values.name ?? "", email: values.email ?? "", number: values.number ?? "" }
    return mode === "update" && itemId ? editorApi.updateEditor(itemId, fields) : editorApi.createEditor(fields)
  },
})

export const editorActionsMachine = createRowActionsMachine({
  id: "editorActions",
  remove: editorApi.deleteEditor,
  calls: { remove: deleteEditorCall },
  deletedMessage: "Editor deleted successfully.",
  deleteFailure: (error) => messageOf(error, "Delete failed"),
})
