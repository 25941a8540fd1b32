import { EXPERT_IMAGE_FIELD } from "../../../src/api/contract/content/expert.ts"
import { PRESS_IMAGE_FIELD } from "../../../src/api/contract/content/press.ts"
import { TESTIMONIAL_IMAGE_FIELD } from "../../../src/api/contract/content/testimonial.ts"
import { expertsRepository } from "../../db/repositories/experts.repository.ts"
import { pressRepository } from "../../db/repositories/press.repository.ts"
import { testimonialsRepository } from "../../db/repositories/testimonials.repository.ts"

export const expertKind = { repository: expertsRepository, entityType: "expert", noun: "Expert", imageField: EXPERT_IMAGE_FIELD }
export const testimonialKind = { repository: testimonialsRepository, entityType: "testimonial", noun: "Testimonial", imageField: TESTIMONIAL_IMAGE_FIELD }
export const pressKind = { repository: pressRepository, entityType: "press", noun: "Press Release & Recognition", imageField: PRESS_IMAGE_FIELD }
