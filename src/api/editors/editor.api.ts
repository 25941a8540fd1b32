import * as api from "../contract/editors/editor.endpoints.ts"
import { call } from "../client.ts"

export interface EditorFields {
  name: string
  email: string
  number: string
}

export const listEditors = (page: number, limit: number) => call(api.listEditors, { query: { page: String(page), limit: String(limit) } })
export const createEditor = (fields: EditorFields) => call(api.createEditor, { body: { ...fields, userRole: "Editor" } })
export const updateEditor = (id: string, fields: EditorFields) => call(api.updateEditor, { params: { id }, body: fields })
export const deleteEditor = (id: string) => call(api.deleteEditor, { params: { id } })
