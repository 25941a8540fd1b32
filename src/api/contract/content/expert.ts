import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"
import { ImageUrl, itemAnswer, libraryImageField, listAnswer, pictureField, requiredText } from "./content-common.ts"

/** An expert shown on the website (spec section 3: _id, name, designation, avatar). */
export const Expert = Schema.Struct({ _id: Id, name: Schema.String, designation: Schema.String, avatar: ImageUrl, createdAt: IsoDateTime })
export type Expert = typeof Expert.Type

/** The multipart file field of an expert's picture (required on add, optional on update). */
export const EXPERT_IMAGE_FIELD = "avatar"

const fields = { name: requiredText(120), designation: requiredText(200) }
export const ExpertCreateFields = Schema.Struct({ ...fields, ...libraryImageField })
export const ExpertUpdateFields = Schema.Struct({ name: Schema.optional(fields.name), designation: Schema.optional(fields.designation), ...libraryImageField })

/** An expert as lists give it: with its image's picture from the media library. */
export const ListedExpert = Schema.Struct({ ...Expert.fields, ...pictureField })
export type ListedExpert = typeof ListedExpert.Type
export const ExpertListAnswer = listAnswer(ListedExpert)
export const ExpertAnswer = itemAnswer(Expert)
