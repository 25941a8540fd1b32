import { addedColumn, type ListColumn } from "../list-column.ts"
import type { ContentListName } from "./content-lists.ts"
import type { Expert } from "./expert.ts"
import type { GalleryItem } from "./gallery.ts"
import type { PressItem } from "./press.ts"
import type { Testimonial } from "./testimonial.ts"

/* The card screens (their definition's other half, content-lists.ts): texts, CSV files and columns. */

/** The empty and failure texts and the CSV file's name (without its date). */
export const contentListScreens: Record<ContentListName, { empty: string; failure: string; file: string }> = {
  gallery: { empty: "No gallery images found.", failure: "Failed to fetch gallery", file: "gallery" },
  testimonials: { empty: "No testimonial found.", failure: "Failed to fetch testimonial", file: "testimonials" },
  experts: { empty: "No experts found.", failure: "Failed to fetch experts", file: "experts" },
  "press-release-and-recognition": {
    empty: "No Press Release & Recognition found.",
    failure: "Failed to fetch press recognition",
    file: "press-and-recognition",
  },
}

/*
 * A card draws its item its own way (an image, a quote), so these columns are the CSV's: each card's texts
 * and its image's address (the server writes it whole, to open from a spreadsheet), then when it was added.
 */
const added = { ...addedColumn, header: "Added" } as const

export const galleryColumns: readonly ListColumn<GalleryItem, "image" | "createdAt">[] = [{ key: "image", header: "Image", text: (g) => g.image }, added]

export const testimonialColumns: readonly ListColumn<Testimonial, "name" | "summery" | "avatar" | "createdAt">[] = [
  { key: "name", header: "Name", text: (t) => t.name },
  { key: "summery", header: "Testimonial", text: (t) => t.summery },
  { key: "avatar", header: "Avatar", text: (t) => t.avatar },
  added,
]

export const expertColumns: readonly ListColumn<Expert, "name" | "designation" | "avatar" | "createdAt">[] = [
  { key: "name", header: "Name", text: (e) => e.name },
  { key: "designation", header: "Designation", text: (e) => e.designation },
  { key: "avatar", header: "Avatar", text: (e) => e.avatar },
  added,
]

export const pressColumns: readonly ListColumn<PressItem, "type" | "link" | "thumbnail" | "createdAt">[] = [
  { key: "type", header: "Type", text: (p) => p.type },
  { key: "link", header: "Link", text: (p) => p.link },
  { key: "thumbnail", header: "Thumbnail", text: (p) => p.thumbnail },
  added,
]
