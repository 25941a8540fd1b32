import { MessageAnswer } from "../common.ts"
import { ContentPageQuery, contentImagePart, IdParams } from "./content-common.ts"
import { endpoint } from "../endpoint.ts"
import { PRESS_IMAGE_FIELD, PressAnswer, PressCreateFields, PressListAnswer, PressUpdateFields } from "./press.ts"
import { contentRoles } from "../blogs/blog.endpoints.ts"
import { cardRevisionEndpoints } from "./card-revisions.endpoints.ts"

export const addPress = endpoint({
  name: "addPress",
  method: "POST",
  path: "/press-and-recognition/auth/add",
  body: PressCreateFields,
  multipart: true,
  files: { [PRESS_IMAGE_FIELD]: contentImagePart(true) },
  answer: PressAnswer,
  access: contentRoles,
  summary: "Add a press release or recognition (multipart: text fields and the `thumbnail` image, required)",
})

export const updatePress = endpoint({
  name: "updatePress",
  method: "PATCH",
  path: "/press-and-recognition/auth/update/:id",
  params: IdParams,
  body: PressUpdateFields,
  multipart: true,
  files: { [PRESS_IMAGE_FIELD]: contentImagePart(false) },
  answer: PressAnswer,
  access: contentRoles,
  summary: "Update a press release or recognition (multipart: any text field, optionally a new `thumbnail` image)",
})

export const listPress = endpoint({
  name: "listPress",
  method: "GET",
  path: "/press-and-recognition/auth/get",
  query: ContentPageQuery,
  answer: PressListAnswer,
  access: contentRoles,
  summary: "Every press releases and recognitions, newest first, with pagination.total",
})

export const deletePress = endpoint({
  name: "deletePress",
  method: "DELETE",
  path: "/press-and-recognition/auth/delete/:id",
  params: IdParams,
  answer: MessageAnswer,
  access: contentRoles,
  summary: "Delete a press release or recognition and its image",
})

/** A press item's Revisions (issue 28). */
export const pressRevisions = cardRevisionEndpoints({
  name: "Press",
  base: "/press-and-recognition",
  what: "a press release or recognition",
  fields: "link, type",
  itemAnswer: PressAnswer,
})
// Each call by its own name, which is its operationId (the generated client's agreement reads the exports).
export const listPressRevisions = pressRevisions.list
export const getPressRevision = pressRevisions.get
export const restorePressRevision = pressRevisions.restore

export const pressEndpoints = [addPress, updatePress, listPress, deletePress, listPressRevisions, getPressRevision, restorePressRevision]
