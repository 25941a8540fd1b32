import type { DraftForm, DraftValues } from "../contract/drafts/drafts.ts"
import * as api from "../contract/drafts/drafts.endpoints.ts"
import { call } from "../client.ts"

export const listDrafts = (form: DraftForm) => call(api.listDrafts, { query: { form } })
export const getDraft = (key: string) => call(api.getDraft, { params: { key } })
export const saveDraft = (key: string, values: DraftValues) => call(api.saveDraft, { params: { key }, body: { values } })
export const deleteDraft = (key: string) => call(api.deleteDraft, { params: { key } })
