import * as cardsApi from "../../api/content/content-cards.api.ts"
import * as expertCalls from "../../api/contract/content/expert.endpoints.ts"
import { deleteExpert as deleteExpertCall } from "../../api/contract/content/expert.endpoints.ts"
import { ExpertCreateFields, type ListedExpert } from "../../api/contract/content/expert.ts"
import { contentListScreens } from "../../api/contract/content/content-list-screens.ts"
import { CONTENT_LIST_LIMIT, deleteFailed } from "./content-lists.ts"
import { createContentFormMachine } from "./content-form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import type { ImageSpec } from "./content-form.machine.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"
import { createBulkDeleteMachine } from "./content-bulk-delete.ts"

export const expertListMachine = createPagedListMachine<ListedExpert>({
  id: "expertList",
  pageSize: CONTENT_LIST_LIMIT,
  failureMessage: contentListScreens.experts.failure,
  fetchPage: async ({ page, limit }) => {
    const answer = await cardsApi.listExperts(page, limit)
    return { rows: [...answer.data], total: answer.pagination.total }
  },
})

export const expertFields: readonly FieldSpec[] = [
  { name: "name", label: "Name", kind: "text", schema: ExpertCreateFields.fields.name },
  { name: "designation", label: "Designation", kind: "text", schema: ExpertCreateFields.fields.designation },
]
export const expertImage: ImageSpec | null = { label: "Image" }

/** Spec section 5: name, designation and image required (image optional on update). */
export const expertFormMachine = createContentFormMachine<ListedExpert>({
  id: "expertForm",
  call: [expertCalls.addExpert, expertCalls.updateExpert],
  fields: expertFields,
  image: expertImage,
  idOf: (e) => e._id,
  valuesOf: (e) => ({ name: e.name, designation: e.designation }),
  imageOf: (e) => e.avatar,
  save: ({ mode, itemId, values, file }) => {
    const fields = { name: values.name ?? "", designation: values.designation ?? "" }
    return mode === "update" && itemId ? cardsApi.updateExpert(itemId, fields, file) : cardsApi.addExpert(fields, file!)
  },
})

export const expertActionsMachine = createRowActionsMachine({
  id: "expertActions",
  remove: cardsApi.deleteExpert,
  calls: { remove: deleteExpertCall },
  deletedMessage: "Expert deleted successfully.",
  deleteFailure: deleteFailed,
})

/** Many experts deleted at once after asking (issue 26). */
export const expertBulkDeleteMachine = createBulkDeleteMachine<ListedExpert>({
  id: "expertBulkDelete",
  idOf: (item) => item._id,
  call: deleteExpertCall,
  remove: cardsApi.deleteExpert,
})
