import type { SaveViewRequest } from "../contract/views/saved-views.ts"
import * as api from "../contract/views/saved-views.endpoints.ts"
import { call } from "../client.ts"

export const listSavedViews = (list: string) => call(api.listSavedViews, { query: { list } })
export const saveView = (view: SaveViewRequest) => call(api.saveView, { body: view })
export const deleteView = (id: string) => call(api.deleteView, { params: { id } })
