import { MessageAnswer } from "../common.ts"
import { ContentPageQuery, contentImagePart, IdParams } from "./content-common.ts"
import { endpoint } from "../endpoint.ts"
import { TESTIMONIAL_IMAGE_FIELD, TestimonialAnswer, TestimonialCreateFields, TestimonialListAnswer, TestimonialUpdateFields } from "./testimonial.ts"
import { contentRoles } from "../blogs/blog.endpoints.ts"
import { cardRevisionEndpoints } from "./card-revisions.endpoints.ts"

export const addTestimonial = endpoint({
  name: "addTestimonial",
  method: "POST",
  path: "/testimonial/auth/add",
  body: TestimonialCreateFields,
  multipart: true,
  files: { [TESTIMONIAL_IMAGE_FIELD]: contentImagePart(true) },
  answer: TestimonialAnswer,
  access: contentRoles,
  summary: "Add a testimonial (multipart: text fields and the `avatar` image, required)",
})

export const updateTestimonial = endpoint({
  name: "updateTestimonial",
  method: "PATCH",
  path: "/testimonial/auth/update/:id",
  params: IdParams,
  body: TestimonialUpdateFields,
  multipart: true,
  files: { [TESTIMONIAL_IMAGE_FIELD]: contentImagePart(false) },
  answer: TestimonialAnswer,
  access: contentRoles,
  summary: "Update a testimonial (multipart: any text field, optionally a new `avatar` image)",
})

export const listTestimonials = endpoint({
  name: "listTestimonials",
  method: "GET",
  path: "/testimonial/auth/get",
  query: ContentPageQuery,
  answer: TestimonialListAnswer,
  access: contentRoles,
  summary: "Every testimonials, newest first, with pagination.total",
})

export const deleteTestimonial = endpoint({
  name: "deleteTestimonial",
  method: "DELETE",
  path: "/testimonial/auth/delete/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: contentRoles,
  summary: "Delete a testimonial and its image",
})

/** A testimonial's Revisions (issue 28). */
export const testimonialRevisions = cardRevisionEndpoints({
  name: "Testimonial",
  base: "/testimonial",
  what: "a testimonial",
  fields: "name, content",
  itemAnswer: TestimonialAnswer,
})
// Each call by its own name, which is its operationId (the generated client's agreement reads the exports).
export const listTestimonialRevisions = testimonialRevisions.list
export const getTestimonialRevision = testimonialRevisions.get
export const restoreTestimonialRevision = testimonialRevisions.restore

export const testimonialEndpoints = [
  addTestimonial,
  updateTestimonial,
  listTestimonials,
  deleteTestimonial,
  listTestimonialRevisions,
  getTestimonialRevision,
  restoreTestimonialRevision,
]
