import { contentImageTypes } from "../../api/contract/content/content-common.ts"
import { MODAL_CLOSE_MS, SUCCESS_MESSAGE_MS } from "./content-timings.ts"
import type { ChosenFile, FieldSpec, FileSpec, FormMode, FormValues } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"
import type { ActorCall } from "../call-actor.ts"

/** The form's image: required on add, optional on update (spec section 5), image files only. */
export interface ImageSpec {
  label: string
}

/** Errors are keyed by field name; the image's key is this one. */
export const IMAGE_KEY = "image"

export const isImageFile = (file: ChosenFile): boolean => (contentImageTypes as readonly string[]).includes(file.type)

/** The image field of a content form, for the form machine and the view alike. */
export const imageFileSpec = (image: ImageSpec): FileSpec => ({
  name: IMAGE_KEY,
  label: image.label,
  required: "add",
  accept: contentImageTypes.join(","),
  isAccepted: isImageFile,
  refusedText: "Please choose an image file (PNG, JPEG, WEBP or GIF).",
})

interface SaveInput {
  mode: FormMode
  itemId: string | null
  values: FormValues
  file: File | null
}

export interface ContentFormOptions<Item> {
  id: string
  fields: readonly FieldSpec[]
  image: ImageSpec | null
  /** The form's values for an item being edited. */
  valuesOf: (item: Item) => FormValues
  idOf: (item: Item) => string
  imageOf?: (item: Item) => string | null
  save: (input: SaveInput) => Promise<{ message: string }>
  /** The contract calls `save` makes: adding, and (forms that also update) updating. */
  call: ActorCall
  /** Values a new item starts with (e.g. user role Editor). */
  initialValues?: FormValues
  /** Gallery's Upload stays disabled until the form is valid; other forms say what is missing. */
  disableInvalidSubmit?: boolean
}

/**
 * An Add/Update modal of website content (experts, testimonials, press, gallery, editors), made with
 * the one form machine: validate, save, show the success message, close about 1 s later, and let the
 * message stay on the page until 2 s after the save. The page reloads its list in `submitted`.
 */
export function createContentFormMachine<Item>(options: ContentFormOptions<Item>) {
  return createFormMachine<{ message: string }, Item, null>({
    id: options.id,
    modal: true,
    fields: options.fields,
    files: options.image ? [imageFileSpec(options.image)] : [],
    initialValues: options.initialValues,
    initialExtra: null,
    disableInvalidSubmit: options.disableInvalidSubmit,
    call: options.call,
    fromItem: (item) => ({ itemId: options.idOf(item), values: options.valuesOf(item), preview: options.imageOf?.(item) ?? null }),
    // The browser hands the form Files; tests may hand it named Blobs, which upload the same way.
    submit: ({ mode, itemId, values, files }) => options.save({ mode, itemId, values, file: (files[IMAGE_KEY] as File | undefined) ?? null }),
    succeeded: (answer) => ({ message: { text: answer.message, tone: "success" } }),
    after: { ms: MODAL_CLOSE_MS, then: "close", announceMs: SUCCESS_MESSAGE_MS },
  })
}
