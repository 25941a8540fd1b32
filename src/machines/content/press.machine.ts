import * as cardsApi from "../../api/content/content-cards.api.ts"
import * as pressCalls from "../../api/contract/content/press.endpoints.ts"
import { deletePress as deletePressCall } from "../../api/contract/content/press.endpoints.ts"
import { PressLink, type ListedPressItem, pressTypes } from "../../api/contract/content/press.ts"
import { contentListScreens } from "../../api/contract/content/content-list-screens.ts"
import { CONTENT_LIST_LIMIT, deleteFailed } from "./content-lists.ts"
import { createContentFormMachine } from "./content-form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import type { ImageSpec } from "./content-form.machine.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"
import { createBulkDeleteMachine } from "./content-bulk-delete.ts"

export const pressListMachine = createPagedListMachine<ListedPressItem>({
  id: "pressList",
  pageSize: CONTENT_LIST_LIMIT,
  failureMessage: contentListScreens["press-release-and-recognition"].failure,
  fetchPage: async ({ page, limit }) => {
    const answer = await cardsApi.listPress(page, limit)
    return { rows: [...answer.data], total: answer.pagination.total }
  },
})

const asPressType = (value: string | undefined): ListedPressItem["type"] => pressTypes.find((t) => t === value) ?? "Press Release"

export const pressFields: readonly FieldSpec[] = [
  { name: "link", label: "Link", kind: "url", schema: PressLink },
  { name: "type", label: "Type", kind: "select", options: pressTypes },
]
export const pressImage: ImageSpec | null = { label: "Thumbnail" }

/** Spec section 5: link, type and thumbnail required (thumbnail optional on update). */
export const pressFormMachine = createContentFormMachine<ListedPressItem>({
  id: "pressForm",
  call: [pressCalls.addPress, pressCalls.updatePress],
  fields: pressFields,
  image: pressImage,
  idOf: (p) => p._id,
  valuesOf: (p) => ({ link: p.link, type: p.type }),
  imageOf: (p) => p.thumbnail,
  save: ({ mode, itemId, values, file }) => {
    const fields = { link: values.link ?? "", type: asPressType(values.type) }
    return mode === "update" && itemId ? cardsApi.updatePress(itemId, fields, file) : cardsApi.addPress(fields, file!)
  },
})

export const pressActionsMachine = createRowActionsMachine({
  id: "pressActions",
  remove: cardsApi.deletePress,
  calls: { remove: deletePressCall },
  deletedMessage: "Press Release & Recognition deleted successfully.",
  deleteFailure: deleteFailed,
})

/** Many press items deleted at once after asking (issue 26). */
export const pressBulkDeleteMachine = createBulkDeleteMachine<ListedPressItem>({
  id: "pressBulkDelete",
  idOf: (item) => item._id,
  call: deletePressCall,
  remove: cardsApi.deletePress,
})
