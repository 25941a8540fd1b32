import { MessageAnswer } from "../common.ts"
import { ContentPageQuery, contentImagePart, IdParams } from "./content-common.ts"
import { endpoint } from "../endpoint.ts"
import { EXPERT_IMAGE_FIELD, ExpertAnswer, ExpertCreateFields, ExpertListAnswer, ExpertUpdateFields } from "./expert.ts"
import { contentRoles } from "../blogs/blog.endpoints.ts"
import { cardRevisionEndpoints } from "./card-revisions.endpoints.ts"

export const addExpert = endpoint({
  name: "addExpert",
  method: "POST",
  path: "/expert/auth/add",
  body: ExpertCreateFields,
  multipart: true,
  files: { [EXPERT_IMAGE_FIELD]: contentImagePart(true) },
  answer: ExpertAnswer,
  access: contentRoles,
  summary: "Add an expert (multipart: text fields and the `avatar` image, required)",
})

export const updateExpert = endpoint({
  name: "updateExpert",
  method: "PATCH",
  path: "/expert/auth/update/:id",
  params: IdParams,
  body: ExpertUpdateFields,
  multipart: true,
  files: { [EXPERT_IMAGE_FIELD]: contentImagePart(false) },
  answer: ExpertAnswer,
  access: contentRoles,
  summary: "Update an expert (multipart: any text field, optionally a new `avatar` image)",
})

export const listExperts = endpoint({
  name: "listExperts",
  method: "GET",
  path: "/expert/auth/get",
  query: ContentPageQuery,
  answer: ExpertListAnswer,
  access: contentRoles,
  summary: "Every experts, newest first, with pagination.total",
})

export const deleteExpert = endpoint({
  name: "deleteExpert",
  method: "DELETE",
  path: "/expert/auth/delete/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: contentRoles,
  summary: "Delete an expert and its image",
})

/** An expert's Revisions (issue 28). */
export const expertRevisions = cardRevisionEndpoints({
  name: "Expert",
  base: "/expert",
  what: "an expert",
  fields: "name, designation",
  itemAnswer: ExpertAnswer,
})
// Each call by its own name, which is its operationId (the generated client's agreement reads the exports).
export const listExpertRevisions = expertRevisions.list
export const getExpertRevision = expertRevisions.get
export const restoreExpertRevision = expertRevisions.restore

export const expertEndpoints = [addExpert, updateExpert, listExperts, deleteExpert, listExpertRevisions, getExpertRevision, restoreExpertRevision]
