import { assign, fromPromise, setup } from "xstate"
import * as blogApi from "../../api/blogs/blog.api.ts"
import * as cardsApi from "../../api/content/content-cards.api.ts"

export interface ContentTotals {
  experts: number
  testimonials: number
  blogs: number
  gallery: number
  press: number
}

/** Spec section 9: dashboard counts ask page 1, limit 1 and read pagination.total. */
export async function fetchContentTotals(): Promise<ContentTotals> {
  const [experts, testimonials, blogs, gallery, press] = await Promise.all([
    cardsApi.listExperts(1, 1),
    cardsApi.listTestimonials(1, 1),
    blogApi.listBlogs({ page: 1, limit: 1 }),
    cardsApi.listGallery(1, 1),
    cardsApi.listPress(1, 1),
  ])
  return {
    experts: experts.pagination.total,
    testimonials: testimonials.pagination.total,
    blogs: blogs.pagination.total,
    gallery: gallery.pagination.total,
    press: press.pagination.total,
  }
}

/** The Admin and Editor content totals on the dashboard: a spinner until loaded. */
export const contentTotalsMachine = setup({
  types: { context: {} as { totals: ContentTotals | null; error: string | null }, events: {} as { type: "totals.reload" } },
  actors: { fetchTotals: fromPromise<ContentTotals>(() => fetchContentTotals()) },
}).createMachine({
  id: "contentTotals",
  context: { totals: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Each card shows a spinner until the totals arrive.",
      tags: ["busy"],
      invoke: {
        src: "fetchTotals",
        onDone: { target: "ready", actions: assign({ totals: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: "Failed to load content totals." }) },
      },
    },
    ready: { description: "Each card shows its total and links to its list.", on: { "totals.reload": "loading" } },
    failed: { description: "The failure shows in red; reload tries again.", on: { "totals.reload": "loading" } },
  },
})
