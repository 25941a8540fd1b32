import { Schema } from "effect"
import { listAnswer, pictureField } from "./content-common.ts"
import { Blog } from "../blogs/blog.ts"
import { ExpertListAnswer } from "./expert.ts"
import { GalleryListAnswer } from "./gallery.ts"
import { PressListAnswer } from "./press.ts"
import { TestimonialListAnswer } from "./testimonial.ts"

export { Picture } from "./content-common.ts"

/** A published blog with its image's picture; the console's blog list shows no image, so only the public calls add it. */
export const PublicBlog = Schema.Struct({ ...Blog.fields, ...pictureField })

export const PublicBlogListAnswer = listAnswer(PublicBlog)
export const PublicBlogAnswer = Schema.Struct({ success: Schema.Boolean, data: PublicBlog })
// The cards and the gallery answer the marketing site as they answer the console's lists: each with its picture.
export const PublicExpertListAnswer = ExpertListAnswer
export const PublicTestimonialListAnswer = TestimonialListAnswer
export const PublicPressListAnswer = PressListAnswer
export const PublicGalleryListAnswer = GalleryListAnswer
