/**
 * The content screens shown as cards (gallery, testimonials, experts, press), in two files: here each screen's
 * path, the call that reads it and its title, which the sidebar and (at build time, route-access.at-build.ts)
 * the route table read; in content-list-screens.ts the other texts, the CSV file and the columns, which the
 * screens, the list machines and the server's CSV exports take. Plain data, so the sidebar's chunk carries
 * neither the contract's schemas nor the screens' texts.
 */

/** The screens by path (`/experts`), which is also the name their CSV export is asked for by; in the sidebar's order (the spec's table). */
export const contentListNames = ["testimonials", "experts", "gallery", "press-release-and-recognition"] as const
export type ContentListName = (typeof contentListNames)[number]

export interface ContentList {
  call: "listGallery" | "listTestimonials" | "listExperts" | "listPress"
  /** The page's heading, its route's title and its sidebar label. */
  title: string
  /** The sidebar's label where the spec's table gives a shorter one. */
  label?: string
}

export const contentLists: Record<ContentListName, ContentList> = {
  testimonials: { call: "listTestimonials", title: "Testimonials" },
  experts: { call: "listExperts", title: "Experts" },
  gallery: { call: "listGallery", title: "Gallery" },
  "press-release-and-recognition": { call: "listPress", title: "Press Release & Recognition", label: "Press & Recognition" },
}
