import { SlugParams } from "../blogs/blog.ts"
import { ContentPageQuery } from "./content-common.ts"
import { endpoint } from "../endpoint.ts"
import {
  PublicBlogAnswer,
  PublicBlogListAnswer,
  PublicExpertListAnswer,
  PublicGalleryListAnswer,
  PublicPressListAnswer,
  PublicTestimonialListAnswer,
} from "./public-content.ts"

/** Read-only calls for the marketing site: no sign-in, published blogs only; every item carries its `picture` (srcset values and dimensions). */
export const publicBlogs = endpoint({
  name: "publicBlogs",
  method: "GET",
  path: "/public/blogs",
  query: ContentPageQuery,
  answer: PublicBlogListAnswer,
  access: "public",
  summary: "Published blogs, newest first, each with its picture: dimensions, alt text and srcset values",
})

export const publicBlogBySlug = endpoint({
  name: "publicBlogBySlug",
  method: "GET",
  path: "/public/blogs/:slug",
  params: SlugParams,
  answer: PublicBlogAnswer,
  access: "public",
  summary: "One published blog by its slug, with its picture: dimensions, alt text and srcset values",
})

export const publicExperts = endpoint({
  name: "publicExperts",
  method: "GET",
  path: "/public/experts",
  query: ContentPageQuery,
  answer: PublicExpertListAnswer,
  access: "public",
  summary: "Experts, newest first, each with its picture: dimensions, alt text and srcset values",
})

export const publicTestimonials = endpoint({
  name: "publicTestimonials",
  method: "GET",
  path: "/public/testimonials",
  query: ContentPageQuery,
  answer: PublicTestimonialListAnswer,
  access: "public",
  summary: "Testimonials, newest first, each with its picture: dimensions, alt text and srcset values",
})

export const publicGallery = endpoint({
  name: "publicGallery",
  method: "GET",
  path: "/public/gallery",
  query: ContentPageQuery,
  answer: PublicGalleryListAnswer,
  access: "public",
  summary: "Gallery images, newest first, each with its picture: dimensions, alt text and srcset values",
})

export const publicPress = endpoint({
  name: "publicPress",
  method: "GET",
  path: "/public/press",
  query: ContentPageQuery,
  answer: PublicPressListAnswer,
  access: "public",
  summary: "Press releases and recognitions, newest first, each with its picture: dimensions, alt text and srcset values",
})

export const publicContentEndpoints = [publicBlogs, publicBlogBySlug, publicExperts, publicTestimonials, publicGallery, publicPress]
