import { BlogListAnswer, PublicBlogAnswer, SlugParams } from "../blogs/blog.ts"
import { ContentPageQuery } from "./content-common.ts"
import { endpoint } from "../endpoint.ts"
import { ExpertListAnswer } from "./expert.ts"
import { GalleryListAnswer } from "./gallery.ts"
import { PressListAnswer } from "./press.ts"
import { TestimonialListAnswer } from "./testimonial.ts"

/** Read-only calls for the marketing site: no sign-in, published blogs only. */
export const publicBlogs = endpoint({
  name: "publicBlogs",
  method: "GET",
  path: "/public/blogs",
  query: ContentPageQuery,
  answer: BlogListAnswer,
  access: "public",
  summary: "Published blogs, newest first",
})

export const publicBlogBySlug = endpoint({
  name: "publicBlogBySlug",
  method: "GET",
  path: "/public/blogs/:slug",
  params: SlugParams,
  answer: PublicBlogAnswer,
  access: "public",
  summary: "One published blog by its slug",
})

export const publicExperts = endpoint({
  name: "publicExperts",
  method: "GET",
  path: "/public/experts",
  query: ContentPageQuery,
  answer: ExpertListAnswer,
  access: "public",
  summary: "Experts, newest first",
})

export const publicTestimonials = endpoint({
  name: "publicTestimonials",
  method: "GET",
  path: "/public/testimonials",
  query: ContentPageQuery,
  answer: TestimonialListAnswer,
  access: "public",
  summary: "Testimonials, newest first",
})

export const publicGallery = endpoint({
  name: "publicGallery",
  method: "GET",
  path: "/public/gallery",
  query: ContentPageQuery,
  answer: GalleryListAnswer,
  access: "public",
  summary: "Gallery images, newest first",
})

export const publicPress = endpoint({
  name: "publicPress",
  method: "GET",
  path: "/public/press",
  query: ContentPageQuery,
  answer: PressListAnswer,
  access: "public",
  summary: "Press releases and recognitions, newest first",
})

export const publicContentEndpoints = [publicBlogs, publicBlogBySlug, publicExperts, publicTestimonials, publicGallery, publicPress]
