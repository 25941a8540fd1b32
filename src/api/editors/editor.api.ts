import * as api from "../contract/editors/editor.endpoints.ts"
import { call } from "../client.ts"
import { isPeopleSort } from "../contract/vendors/vendor.ts"

export interface EditorFields {
  name: string
  email: string
  number: string
}

/** A page of editors, newest first unless `sort` names another order (the people lists' orders). */
export const listEditors = (request: { page: number; limit: number; sort?: string | undefined }) =>
  call(api.listEditors, { query: { page: String(request.page), limit: String(request.limit), ...(isPeopleSort(request.sort) ? { sort: request.sort } : {}) } })
export const createEditor = (fields: EditorFields) => call(api.createEditor, { body: { ...fields, userRole: "Editor" } })
export const updateEditor = (id: string, fields: EditorFields) => call(api.updateEditor, { params: { id }, body: fields })
export const deleteEditor = (id: string) => call(api.deleteEditor, { params: { id } })
