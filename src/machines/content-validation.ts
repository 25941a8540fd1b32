import { isEmail } from "../api/contract/common.ts"
import { contentImageTypes } from "../api/contract/content-common.ts"
import { isPhoneNumber } from "../api/contract/editor.ts"

/** One field of a content form, as the modal shows it and the machine checks it (spec section 5). */
export interface FieldSpec {
  name: string
  label: string
  kind: "text" | "email" | "url" | "tel" | "textarea" | "select" | "richText"
  /** Counted after trimming, like the server's. */
  minLength?: number
  maxLength?: number
  options?: readonly string[]
}

/** The form's image: required on add, optional on update (spec section 5), image files only. */
export interface ImageSpec {
  label: string
}

export type FormMode = "add" | "update"
export type FormErrors = Record<string, string>
export type FormValues = Record<string, string>

/** Errors are keyed by field name; the image's key is this one. */
export const IMAGE_KEY = "image"

const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/** The visible text of the editor's HTML, to tell an empty body from a written one. */
export const htmlText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim()

export const isImageFile = (file: File): boolean => (contentImageTypes as readonly string[]).includes(file.type)

function fieldError(spec: FieldSpec, raw: string | undefined): string | null {
  const value = spec.kind === "richText" ? htmlText(raw ?? "") : (raw ?? "").trim()
  if (!value) return `${spec.label} is required.`
  if (spec.minLength !== undefined && value.length < spec.minLength) return `${spec.label} must be at least ${spec.minLength} characters.`
  if (spec.maxLength !== undefined && value.length > spec.maxLength) return `${spec.label} must be at most ${spec.maxLength} characters.`
  if (spec.kind === "tel" && !isPhoneNumber(value)) return `${spec.label} must be digits, with an optional leading +.`
  if (spec.kind === "email" && !isEmail(value)) return "Please enter a valid email address."
  if (spec.kind === "url" && !WEB_ADDRESS.test(value)) return "Please enter a link starting with http:// or https://."
  if (spec.kind === "select" && spec.options && !spec.options.includes(value)) return `Please choose a ${spec.label}.`
  return null
}

/** Every problem of the form at once, so the person can fix them all before saving. */
export function validateForm(input: { fields: readonly FieldSpec[]; image: ImageSpec | null; mode: FormMode; values: FormValues; file: File | null }): FormErrors {
  const errors: FormErrors = {}
  for (const spec of input.fields) {
    const error = fieldError(spec, input.values[spec.name])
    if (error) errors[spec.name] = error
  }
  if (input.image) {
    if (input.file && !isImageFile(input.file)) errors[IMAGE_KEY] = "Please choose an image file (PNG, JPEG, WEBP or GIF)."
    else if (!input.file && input.mode === "add") errors[IMAGE_KEY] = `${input.image.label} is required.`
  }
  return errors
}

export const hasErrors = (errors: FormErrors): boolean => Object.keys(errors).length > 0

/** Trimmed values as they are sent; the rich-text body is sent as written. */
export const trimmedValues = (fields: readonly FieldSpec[], values: FormValues): FormValues =>
  Object.fromEntries(fields.map((f) => [f.name, f.kind === "richText" ? (values[f.name] ?? "") : (values[f.name] ?? "").trim()]))
