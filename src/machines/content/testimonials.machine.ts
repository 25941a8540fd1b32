import * as cardsApi from "../../api/content/content-cards.api.ts"
import * as testimonialCalls from "../../api/contract/content/testimonial.endpoints.ts"
import { deleteTestimonial as deleteTestimonialCall } from "../../api/contract/content/testimonial.endpoints.ts"
import { TestimonialCreateFields, type ListedTestimonial } from "../../api/contract/content/testimonial.ts"
import { contentListScreens } from "../../api/contract/content/content-list-screens.ts"
import { CONTENT_LIST_LIMIT, deleteFailed } from "./content-lists.ts"
import { createContentFormMachine } from "./content-form.machine.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import type { ImageSpec } from "./content-form.machine.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { createRowActionsMachine } from "../row-actions.machine.ts"
import { createBulkDeleteMachine } from "./content-bulk-delete.ts"

export const testimonialListMachine = createPagedListMachine<ListedTestimonial>({
  id: "testimonialList",
  pageSize: CONTENT_LIST_LIMIT,
  failureMessage: contentListScreens.testimonials.failure,
  fetchPage: async ({ page, limit }) => {
    const answer = await cardsApi.listTestimonials(page, limit)
    return { rows: [...answer.data], total: answer.pagination.total }
  },
})

export const testimonialFields: readonly FieldSpec[] = [
  { name: "name", label: "Name", kind: "text", schema: TestimonialCreateFields.fields.name },
  { name: "summery", label: "Content", kind: "textarea", schema: TestimonialCreateFields.fields.summery },
]
export const testimonialImage: ImageSpec | null = { label: "Image" }

/** Spec section 5: name, content and image required (image optional on update). */
export const testimonialFormMachine = createContentFormMachine<ListedTestimonial>({
  id: "testimonialForm",
  call: [testimonialCalls.addTestimonial, testimonialCalls.updateTestimonial],
  fields: testimonialFields,
  image: testimonialImage,
  idOf: (e) => e._id,
  valuesOf: (e) => ({ name: e.name, summery: e.summery }),
  imageOf: (e) => e.avatar,
  save: ({ mode, itemId, values, file }) => {
    const fields = { name: values.name ?? "", summery: values.summery ?? "" }
    return mode === "update" && itemId ? cardsApi.updateTestimonial(itemId, fields, file) : cardsApi.addTestimonial(fields, file!)
  },
})

export const testimonialActionsMachine = createRowActionsMachine({
  id: "testimonialActions",
  remove: cardsApi.deleteTestimonial,
  calls: { remove: deleteTestimonialCall },
  deletedMessage: "Testimonial deleted successfully.",
  deleteFailure: deleteFailed,
})

/** Many testimonials deleted at once after asking (issue 26). */
export const testimonialBulkDeleteMachine = createBulkDeleteMachine<ListedTestimonial>({
  id: "testimonialBulkDelete",
  idOf: (item) => item._id,
  call: deleteTestimonialCall,
  remove: cardsApi.deleteTestimonial,
})
