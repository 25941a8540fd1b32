import { assign, fromPromise, setup } from "xstate"
import { messageOf } from "../api/api-error.ts"
import type { Message, Tone } from "./login.machine.ts"
import { MODAL_CLOSE_MS, SUCCESS_MESSAGE_MS } from "./content-timings.ts"
import { type FieldSpec, type FormErrors, type FormMode, type FormValues, type ImageSpec, IMAGE_KEY, hasErrors, trimmedValues, validateForm } from "./content-validation.ts"

export interface ContentFormContext {
  mode: FormMode
  itemId: string | null
  values: FormValues
  file: File | null
  /** The stored image of the item being edited, shown as the preview until another is chosen. */
  currentImage: string | null
  errors: FormErrors
  message: Message | null
}

export type ContentFormEvent<Item> =
  | { type: "form.open"; item?: Item }
  | { type: "field.change"; field: string; value: string }
  | { type: "file.change"; file: File | null }
  | { type: "form.submit" }
  | { type: "form.close" }

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
  /** Values a new item starts with (e.g. user role Editor). */
  initialValues?: FormValues
  /** Gallery's Upload stays disabled until the form is valid; other forms say what is missing. */
  disableInvalidSubmit?: boolean
}

const SAVE_FALLBACK = "Something went wrong."

/**
 * An Add/Update modal of website content (experts, testimonials, press, gallery, editors): validate,
 * save, show the success message, close about 1 s later, and let the message vanish 2 s after the save.
 * The list behind it is refreshed through `listChanged`, which the page provides.
 */
export function createContentFormMachine<Item>(options: ContentFormOptions<Item>) {
  const emptyValues = (): FormValues => ({ ...Object.fromEntries(options.fields.map((f) => [f.name, ""])), ...options.initialValues })
  const isValid = (c: ContentFormContext) => !hasErrors(validateForm({ fields: options.fields, image: options.image, mode: c.mode, values: c.values, file: c.file }))
  return setup({
    types: { context: {} as ContentFormContext, events: {} as ContentFormEvent<Item> },
    actors: { save: fromPromise<{ message: string }, SaveInput>(({ input }) => options.save(input)) },
    actions: {
      /** Provided by the page: reload the list behind the modal. */
      listChanged: () => {},
    },
    guards: {
      isValid: ({ context }) => isValid(context),
      reportsInvalid: () => options.disableInvalidSubmit !== true,
    },
    delays: { modalClose: MODAL_CLOSE_MS, messageRemaining: SUCCESS_MESSAGE_MS - MODAL_CLOSE_MS },
  }).createMachine({
    id: options.id,
    context: { mode: "add", itemId: null, values: emptyValues(), file: null, currentImage: null, errors: {}, message: null },
    initial: "closed",
    states: {
      closed: {
        description: "No modal; a success message stays on the page until 2 s after the save.",
        initial: "idle",
        on: {
          "form.open": {
            target: "open",
            actions: assign(({ event }) => {
              const item = event.type === "form.open" ? event.item : undefined
              return item === undefined
                ? { mode: "add" as const, itemId: null, values: emptyValues(), file: null, currentImage: null, errors: {}, message: null }
                : { mode: "update" as const, itemId: options.idOf(item), values: { ...emptyValues(), ...options.valuesOf(item) }, file: null, currentImage: options.imageOf?.(item) ?? null, errors: {}, message: null }
            }),
          },
        },
        states: {
          idle: { description: "Nothing to show." },
          announcing: {
            description: "The modal has closed; its success message shows until 2 s after the save.",
            after: { messageRemaining: { target: "idle", actions: assign({ message: null }) } },
          },
        },
      },
      open: {
        description: "The Add or Update modal is open.",
        initial: "editing",
        states: {
          editing: {
            description: "Fields can be changed; Save checks them all and names what is missing.",
            on: {
              "field.change": { actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }), errors: ({ context, event }) => withoutKey(context.errors, event.field) }) },
              "file.change": { actions: assign({ file: ({ event }) => event.file, errors: ({ context }) => withoutKey(context.errors, IMAGE_KEY) }) },
              "form.submit": [
                { guard: "isValid", target: "saving", actions: assign({ errors: {}, message: null }) },
                {
                  guard: "reportsInvalid",
                  actions: assign({ errors: ({ context }) => validateForm({ fields: options.fields, image: options.image, mode: context.mode, values: context.values, file: context.file }), message: null }),
                },
              ],
              "form.close": { target: "#" + options.id + ".closed.idle", actions: assign({ message: null, errors: {} }) },
            },
          },
          saving: {
            description: "The save button shows it is busy; the input stays as typed if the save fails.",
            tags: ["busy"],
            invoke: {
              src: "save",
              input: ({ context }) => ({ mode: context.mode, itemId: context.itemId, values: trimmedValues(options.fields, context.values), file: context.file }),
              onDone: { target: "saved", actions: [assign({ message: ({ event }) => ({ text: event.output.message, tone: "success" as Tone }) }), "listChanged"] },
              onError: { target: "editing", actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, SAVE_FALLBACK), tone: "error" as Tone }) }) },
            },
          },
          saved: {
            description: "The success message shows in the modal, which closes about 1 s after the save.",
            tags: ["saved"],
            after: { modalClose: { target: "#" + options.id + ".closed.announcing" } },
            on: { "form.close": { target: "#" + options.id + ".closed.announcing" } },
          },
        },
      },
    },
  })
}

function withoutKey(errors: FormErrors, key: string): FormErrors {
  if (!(key in errors)) return errors
  const { [key]: _removed, ...rest } = errors
  return rest
}
