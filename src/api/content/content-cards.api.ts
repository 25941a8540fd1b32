import * as experts from "../contract/content/expert.endpoints.ts"
import * as gallery from "../contract/content/gallery.endpoints.ts"
import * as press from "../contract/content/press.endpoints.ts"
import * as testimonials from "../contract/content/testimonial.endpoints.ts"
import { EXPERT_IMAGE_FIELD } from "../contract/content/expert.ts"
import { GALLERY_IMAGE_FIELD } from "../contract/content/gallery.ts"
import { PRESS_IMAGE_FIELD, type PressItem } from "../contract/content/press.ts"
import { TESTIMONIAL_IMAGE_FIELD } from "../contract/content/testimonial.ts"
import { call, toFormData } from "../client.ts"
import { imageFields } from "../media/library-pick.ts"

/** Spec section 9: experts, testimonials, press (and the gallery) are fetched with page 1, limit 100. */
const page = (pageNo: number, limit: number) => ({ query: { page: String(pageNo), limit: String(limit) } })

export const listExperts = (pageNo: number, limit: number) => call(experts.listExperts, page(pageNo, limit))
export const addExpert = (fields: { name: string; designation: string }, image: File) =>
  call(experts.addExpert, { body: toFormData({ ...fields, ...imageFields(EXPERT_IMAGE_FIELD, image) }) })
export const updateExpert = (id: string, fields: { name: string; designation: string }, image: File | null) =>
  call(experts.updateExpert, { params: { id }, body: toFormData({ ...fields, ...imageFields(EXPERT_IMAGE_FIELD, image) }) })
export const deleteExpert = (id: string) => call(experts.deleteExpert, { params: { id } })

export const listTestimonials = (pageNo: number, limit: number) => call(testimonials.listTestimonials, page(pageNo, limit))
export const addTestimonial = (fields: { name: string; summery: string }, image: File) =>
  call(testimonials.addTestimonial, { body: toFormData({ ...fields, ...imageFields(TESTIMONIAL_IMAGE_FIELD, image) }) })
export const updateTestimonial = (id: string, fields: { name: string; summery: string }, image: File | null) =>
  call(testimonials.updateTestimonial, { params: { id }, body: toFormData({ ...fields, ...imageFields(TESTIMONIAL_IMAGE_FIELD, image) }) })
export const deleteTestimonial = (id: string) => call(testimonials.deleteTestimonial, { params: { id } })

type PressFields = Pick<PressItem, "link" | "type">
export const listPress = (pageNo: number, limit: number) => call(press.listPress, page(pageNo, limit))
export const addPress = (fields: PressFields, image: File) =>
  call(press.addPress, { body: toFormData({ ...fields, ...imageFields(PRESS_IMAGE_FIELD, image) }) })
export const updatePress = (id: string, fields: PressFields, image: File | null) =>
  call(press.updatePress, { params: { id }, body: toFormData({ ...fields, ...imageFields(PRESS_IMAGE_FIELD, image) }) })
export const deletePress = (id: string) => call(press.deletePress, { params: { id } })

export const listGallery = (pageNo: number, limit: number) => call(gallery.listGallery, page(pageNo, limit))
export const addGalleryImage = (image: File) => call(gallery.addGalleryImage, { body: toFormData({ ...imageFields(GALLERY_IMAGE_FIELD, image) }) })
export const deleteGalleryImage = (id: string) => call(gallery.deleteGalleryImage, { params: { id } })
