import { setup } from "xstate"

/**
 * A blog's publication (spec section 4: the Blogs list's status toggle). A new blog is published;
 * the toggle unpublishes and publishes it again (setting the status it already has is accepted and
 * changes nothing), an update changes its content in either state, and Delete ends it. Pure: the diagrams page draws it, each blog event records its hash, and the seeded
 * model runs (tests/qa) check the server answers exactly as it says.
 */
export type BlogStep = { type: "blog.publish" } | { type: "blog.unpublish" } | { type: "blog.update" } | { type: "blog.delete" }

export type BlogState = "published" | "unpublished" | "deleted"

export const blogStatusMachine = setup({ types: { events: {} as BlogStep } }).createMachine({
  id: "blogStatus",
  initial: "published",
  states: {
    published: {
      description: "Status true: shown on the site; an Admin or Editor may unpublish, update or delete it.",
      on: { "blog.unpublish": { target: "unpublished" }, "blog.publish": {}, "blog.update": {}, "blog.delete": { target: "deleted" } },
    },
    unpublished: {
      description: "Status false: kept but hidden from the site; an Admin or Editor may publish, update or delete it.",
      on: { "blog.publish": { target: "published" }, "blog.unpublish": {}, "blog.update": {}, "blog.delete": { target: "deleted" } },
    },
    deleted: { description: "Removed with its image; nothing more can happen.", type: "final" },
  },
})

export const blogStateOf = (blog: { status: boolean }): BlogState => (blog.status ? "published" : "unpublished")

/** Whether the blog's life allows the step now (a deleted blog is not found at all). */
export const blogAllows = (state: BlogState, step: BlogStep): boolean => blogStatusMachine.resolveState({ value: state, context: undefined }).can(step)
