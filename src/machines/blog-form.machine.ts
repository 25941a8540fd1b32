import { assign, fromPromise, setup } from "xstate"
import { isApiError } from "../api/api-error.ts"
import * as blogApi from "../api/blog.api.ts"
import type { Blog } from "../api/contract/blog.ts"
import type { Message, Tone } from "./login.machine.ts"
import { BLOG_REDIRECT_MS } from "./content-timings.ts"
import { type FieldSpec, type FormErrors, type FormValues, IMAGE_KEY, hasErrors, trimmedValues, validateForm } from "./content-validation.ts"

/** Add Blog and Update Blog (spec section 2): Blog Name, Title, Keyword, Description, Image, About Blog. */
export const blogFields: readonly FieldSpec[] = [
  { name: "blogName", label: "Blog Name", kind: "text", maxLength: 200 },
  { name: "title", label: "Title", kind: "text", maxLength: 200 },
  { name: "keyword", label: "Keyword", kind: "text", maxLength: 300 },
  { name: "description", label: "Description", kind: "textarea", maxLength: 2000 },
  { name: "about", label: "About Blog", kind: "richText" },
]
const blogImage = { label: "Image" }

export interface BlogFormContext {
  blogId: string | null
  values: FormValues
  file: File | null
  currentImage: string | null
  errors: FormErrors
  message: Message | null
}

export type BlogFormEvent =
  | { type: "blog.open"; blogId: string | null }
  | { type: "field.change"; field: string; value: string }
  | { type: "file.change"; file: File | null }
  | { type: "form.submit" }

const emptyValues = (): FormValues => Object.fromEntries(blogFields.map((f) => [f.name, ""]))
const toText = (values: FormValues): blogApi.BlogText => {
  const v = trimmedValues(blogFields, values)
  return { blogName: v.blogName ?? "", title: v.title ?? "", keyword: v.keyword ?? "", description: v.description ?? "", about: v.about ?? "" }
}

/** Spec section 8: add failures read 'Error: {message}'; update failures have their own fallbacks. */
export function blogSaveFailure(error: unknown, isUpdate: boolean): string {
  const hasMessage = isApiError(error) && error.kind === "http" && error.message && error.message !== "An error occurred."
  if (hasMessage) return `Error: ${error.message}`
  if (!isUpdate) return "Error: Something went wrong."
  return isApiError(error) && error.kind === "http" ? "Failed to update the blog." : "Error updating blog. Please try again."
}

const editingValue = (blog: Blog): FormValues => ({ blogName: blog.blogName, title: blog.title, keyword: blog.keyword, description: blog.description, about: blog.about })

export const blogFormMachine = setup({
  types: { context: {} as BlogFormContext, events: {} as BlogFormEvent, input: {} as { blogId: string | null } },
  actors: {
    loadBlog: fromPromise<Blog | null, { id: string }>(({ input }) => blogApi.getBlog(input.id)),
    saveBlog: fromPromise<{ message: string }, { blogId: string | null; values: FormValues; file: File | null }>(({ input }) =>
      input.blogId ? blogApi.updateBlog(input.blogId, toText(input.values), input.file) : blogApi.createBlog(toText(input.values), input.file!),
    ),
  },
  actions: {
    /** Provided by the page. */
    navigate: (_, _params: { to: string }) => {},
    /** Provided by the page: a toast that outlives the page. */
    notify: (_, _params: { text: string; tone: Tone }) => {},
  },
  guards: {
    isUpdate: ({ context }) => context.blogId !== null,
    isOtherBlog: ({ context, event }) => event.type === "blog.open" && event.blogId !== context.blogId,
    isValid: ({ context }) => !hasErrors(validateForm({ fields: blogFields, image: blogImage, mode: context.blogId ? "update" : "add", values: context.values, file: context.file })),
  },
  delays: { blogRedirect: BLOG_REDIRECT_MS },
}).createMachine({
  id: "blogForm",
  context: ({ input }) => ({ blogId: input.blogId, values: emptyValues(), file: null, currentImage: null, errors: {}, message: null }),
  initial: "starting",
  on: {
    // The route's blog changed while the page stayed (e.g. /blog/a → /blog/b): start over with it.
    "blog.open": {
      guard: "isOtherBlog",
      target: ".starting",
      actions: assign(({ event }) => ({ blogId: event.blogId, values: emptyValues(), file: null, currentImage: null, errors: {}, message: null })),
    },
  },
  states: {
    starting: {
      description: "Update Blog loads the blog first; Add Blog starts empty.",
      always: [{ guard: "isUpdate", target: "loading" }, { target: "editing" }],
    },
    loading: {
      description: "The blog is fetched (its details answer is an array; the first item is used).",
      tags: ["busy"],
      invoke: {
        src: "loadBlog",
        input: ({ context }) => ({ id: context.blogId ?? "" }),
        onDone: [
          { guard: ({ event }) => event.output !== null, target: "editing", actions: assign({ values: ({ event }) => editingValue(event.output!), currentImage: ({ event }) => event.output!.image }) },
          { target: "loadFailed", actions: assign({ message: { text: "Failed to fetch blog details.", tone: "error" as Tone } }) },
        ],
        onError: { target: "loadFailed", actions: assign({ message: { text: "Failed to fetch blog details.", tone: "error" as Tone } }) },
      },
    },
    loadFailed: { description: "'Failed to fetch blog details.' shows in red; there is no form." },
    editing: {
      description: "Fields prefilled on update; the image is required on add and optional on update.",
      on: {
        "field.change": {
          actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }), errors: ({ context, event }) => omit(context.errors, event.field) }),
        },
        "file.change": { actions: assign({ file: ({ event }) => event.file, errors: ({ context }) => omit(context.errors, IMAGE_KEY) }) },
        "form.submit": [
          { guard: "isValid", target: "saving", actions: assign({ errors: {}, message: null }) },
          {
            actions: assign({
              errors: ({ context }) => validateForm({ fields: blogFields, image: blogImage, mode: context.blogId ? "update" : "add", values: context.values, file: context.file }),
            }),
          },
        ],
      },
    },
    saving: {
      description: "The Save button is busy; on failure the input stays and 'Error: {message}' shows.",
      tags: ["busy"],
      invoke: {
        src: "saveBlog",
        input: ({ context }) => ({ blogId: context.blogId, values: context.values, file: context.file }),
        onDone: [
          { guard: "isUpdate", target: "updated", actions: assign({ message: { text: "Blog updated successfully!", tone: "success" as Tone } }) },
          { target: "added", actions: [{ type: "notify", params: { text: "Blog added successfully!", tone: "success" } }, { type: "navigate", params: { to: "/blogs" } }] },
        ],
        onError: { target: "editing", actions: assign({ message: ({ context, event }) => ({ text: blogSaveFailure(event.error, context.blogId !== null), tone: "error" as Tone }) }) },
      },
    },
    updated: {
      description: "'Blog updated successfully!' shows; the page returns to /blogs after 1.5 s.",
      tags: ["busy"],
      after: { blogRedirect: { target: "done", actions: { type: "navigate", params: { to: "/blogs" } } } },
    },
    added: { description: "'Blog added successfully!' is announced and the page has moved to /blogs." },
    done: { description: "Back on /blogs." },
  },
})

function omit(errors: FormErrors, key: string): FormErrors {
  if (!(key in errors)) return errors
  const { [key]: _removed, ...rest } = errors
  return rest
}
