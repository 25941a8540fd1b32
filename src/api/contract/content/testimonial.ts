import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"
import { ImageUrl, itemAnswer, libraryImageField, listAnswer, pictureField, requiredText } from "./content-common.ts"

/**
 * A testimonial (spec section 3). The field keeps the product's spelling `summery`: it is the quote
 * shown on the card (the form calls it Content).
 */
export const Testimonial = Schema.Struct({ _id: Id, name: Schema.String, summery: Schema.String, avatar: ImageUrl, createdAt: IsoDateTime })
export type Testimonial = typeof Testimonial.Type

export const TESTIMONIAL_IMAGE_FIELD = "avatar"

const fields = { name: requiredText(120), summery: requiredText(2000) }
export const TestimonialCreateFields = Schema.Struct({ ...fields, ...libraryImageField })
export const TestimonialUpdateFields = Schema.Struct({ name: Schema.optional(fields.name), summery: Schema.optional(fields.summery), ...libraryImageField })

/** A testimonial as lists give it: with its image's picture from the media library. */
export const ListedTestimonial = Schema.Struct({ ...Testimonial.fields, ...pictureField })
export type ListedTestimonial = typeof ListedTestimonial.Type
export const TestimonialListAnswer = listAnswer(ListedTestimonial)
export const TestimonialAnswer = itemAnswer(Testimonial)
