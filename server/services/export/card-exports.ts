import { contentListScreens, expertColumns, galleryColumns, pressColumns, testimonialColumns } from "../../../src/api/contract/content/content-list-screens.ts"
import type { ContentListName } from "../../../src/api/contract/content/content-lists.ts"
import type { AppDeps } from "../../deps.ts"
import { listCards } from "../content/cards.service.ts"
import { expertKind, pressKind, testimonialKind } from "../content/card-kinds.ts"
import { listGallery } from "../content/gallery.service.ts"
import { csvColumns, type ListExport } from "./list-export-spec.ts"

/** Image paths are `/uploads/…`; a spreadsheet needs the whole address to open one. */
const absolute = (deps: AppDeps, path: string) => `${deps.publicUrl}${path}`

/**
 * The content screens shown as cards (gallery, testimonials, experts, press): the columns of their definitions
 * (content-list-screens.ts), all items (the screen shows the newest 100). They have no search.
 */
export const cardExports: Record<ContentListName, ListExport> = {
  gallery: {
    file: contentListScreens.gallery.file,
    columns: csvColumns(galleryColumns),
    fetchPage: async (deps, _caller, { page, limit }) => {
      const answer = await listGallery(deps, { page, limit })
      return { rows: answer.data.map((g) => ({ ...g, image: absolute(deps, g.image) })), total: answer.pagination.total }
    },
  },
  testimonials: {
    file: contentListScreens.testimonials.file,
    columns: csvColumns(testimonialColumns),
    fetchPage: async (deps, _caller, { page, limit }) => {
      const answer = await listCards(deps, testimonialKind, { page, limit })
      return { rows: answer.data.map((t) => ({ ...t, avatar: absolute(deps, t.avatar) })), total: answer.pagination.total }
    },
  },
  experts: {
    file: contentListScreens.experts.file,
    columns: csvColumns(expertColumns),
    fetchPage: async (deps, _caller, { page, limit }) => {
      const answer = await listCards(deps, expertKind, { page, limit })
      return { rows: answer.data.map((e) => ({ ...e, avatar: absolute(deps, e.avatar) })), total: answer.pagination.total }
    },
  },
  "press-release-and-recognition": {
    file: contentListScreens["press-release-and-recognition"].file,
    columns: csvColumns(pressColumns),
    fetchPage: async (deps, _caller, { page, limit }) => {
      const answer = await listCards(deps, pressKind, { page, limit })
      return { rows: answer.data.map((p) => ({ ...p, thumbnail: absolute(deps, p.thumbnail) })), total: answer.pagination.total }
    },
  },
}
