import { EXPERT_IMAGE_FIELD } from "../../../src/api/contract/content/expert.ts"
import { PRESS_IMAGE_FIELD } from "../../../src/api/contract/content/press.ts"
import { TESTIMONIAL_IMAGE_FIELD } from "../../../src/api/contract/content/testimonial.ts"
import { expertsRepository } from "../../db/repositories/experts.repository.ts"
import { pressRepository } from "../../db/repositories/press.repository.ts"
import { testimonialsRepository } from "../../db/repositories/testimonials.repository.ts"

// A kind's text fields are its table's columns and its form's field names alike; the image column is named as its upload part.
export const expertKind = {
  repository: expertsRepository,
  entityType: "expert",
  noun: "Expert",
  imageField: EXPERT_IMAGE_FIELD,
  textFields: ["name", "designation"],
  titleField: "name",
} as const
export const testimonialKind = {
  repository: testimonialsRepository,
  entityType: "testimonial",
  noun: "Testimonial",
  imageField: TESTIMONIAL_IMAGE_FIELD,
  textFields: ["name", "summery"],
  titleField: "name",
} as const
export const pressKind = {
  repository: pressRepository,
  entityType: "press",
  noun: "Press Release & Recognition",
  imageField: PRESS_IMAGE_FIELD,
  textFields: ["link", "type"],
  titleField: "link",
} as const
