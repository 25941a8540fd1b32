import { Schema } from "effect"
import { listAnswer } from "./content-common.ts"
import { Blog } from "../blogs/blog.ts"
import { Expert } from "./expert.ts"
import { GalleryItem } from "./gallery.ts"
import { PressItem } from "./press.ts"
import { Testimonial } from "./testimonial.ts"

/**
 * What the marketing site needs to show a record's image responsively (issue 28): the library's dimensions (to
 * reserve the space before it loads), its alt text, and `srcset` values for an `<img>` (the original's format)
 * and a WebP `<source>`. Null for an image that is not in the media library.
 */
export const Picture = Schema.Struct({
  width: Schema.Number,
  height: Schema.Number,
  alt: Schema.String,
  srcset: Schema.String,
  webpSrcset: Schema.String,
}).annotate({ description: "The image's dimensions, alt text and srcset values (320, 640, 1280 px as available), from the media library" })
export type Picture = typeof Picture.Type

const picture = { picture: Schema.NullOr(Picture) }

export const PublicBlog = Schema.Struct({ ...Blog.fields, ...picture })
export const PublicExpert = Schema.Struct({ ...Expert.fields, ...picture })
export const PublicTestimonial = Schema.Struct({ ...Testimonial.fields, ...picture })
export const PublicPressItem = Schema.Struct({ ...PressItem.fields, ...picture })
export const PublicGalleryItem = Schema.Struct({ ...GalleryItem.fields, ...picture })

export const PublicBlogListAnswer = listAnswer(PublicBlog)
export const PublicBlogAnswer = Schema.Struct({ success: Schema.Boolean, data: PublicBlog })
export const PublicExpertListAnswer = listAnswer(PublicExpert)
export const PublicTestimonialListAnswer = listAnswer(PublicTestimonial)
export const PublicPressListAnswer = listAnswer(PublicPressItem)
export const PublicGalleryListAnswer = listAnswer(PublicGalleryItem)
