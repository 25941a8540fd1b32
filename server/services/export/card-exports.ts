import type { ExportList } from "../../../src/api/contract/list-export.ts"
import type { AppDeps } from "../../deps.ts"
import { listCards } from "../content/cards.service.ts"
import { expertKind, pressKind, testimonialKind } from "../content/card-kinds.ts"
import { listGallery } from "../content/gallery.service.ts"
import type { ListExport } from "./list-export-spec.ts"

/** Image paths are `/uploads/…`; a spreadsheet needs the whole address to open one. */
const absolute = (deps: AppDeps, path: string) => `${deps.publicUrl}${path}`

type Added = { createdAt: string }
const added = ["Added", (r: Added) => r.createdAt] as const

/**
 * The content screens shown as cards (gallery, testimonials, experts, press): each card's texts
 * and its image's address, all items (the screen shows the newest 100). They have no search.
 */
export const cardExports: Record<Extract<ExportList, "gallery" | "testimonials" | "experts" | "press-release-and-recognition">, ListExport> = {
  gallery: {
    file: "gallery",
    columns: [["Image", (r: { image: string }) => r.image], added],
    fetchPage: async (deps, _caller, page, limit) => {
      const answer = await listGallery(deps, { page, limit })
      return { rows: answer.data.map((g) => ({ ...g, image: absolute(deps, g.image) })), total: answer.pagination.total }
    },
  },
  testimonials: {
    file: "testimonials",
    columns: [
      ["Name", (r: { name: string }) => r.name],
      ["Testimonial", (r: { summery: string }) => r.summery],
      ["Avatar", (r: { avatar: string }) => r.avatar],
      added,
    ],
    fetchPage: async (deps, _caller, page, limit) => {
      const answer = await listCards(deps, testimonialKind, { page, limit })
      return { rows: answer.data.map((t) => ({ ...t, avatar: absolute(deps, t.avatar) })), total: answer.pagination.total }
    },
  },
  experts: {
    file: "experts",
    columns: [
      ["Name", (r: { name: string }) => r.name],
      ["Designation", (r: { designation: string }) => r.designation],
      ["Avatar", (r: { avatar: string }) => r.avatar],
      added,
    ],
    fetchPage: async (deps, _caller, page, limit) => {
      const answer = await listCards(deps, expertKind, { page, limit })
      return { rows: answer.data.map((e) => ({ ...e, avatar: absolute(deps, e.avatar) })), total: answer.pagination.total }
    },
  },
  "press-release-and-recognition": {
    file: "press-and-recognition",
    columns: [
      ["Type", (r: { type: string }) => r.type],
      ["Link", (r: { link: string }) => r.link],
      ["Thumbnail", (r: { thumbnail: string }) => r.thumbnail],
      added,
    ],
    fetchPage: async (deps, _caller, page, limit) => {
      const answer = await listCards(deps, pressKind, { page, limit })
      return { rows: answer.data.map((p) => ({ ...p, thumbnail: absolute(deps, p.thumbnail) })), total: answer.pagination.total }
    },
  },
}
