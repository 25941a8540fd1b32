import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/content/public-content.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as blogs from "../services/content/blogs.service.ts"
import { expertKind, pressKind, testimonialKind } from "../services/content/card-kinds.ts"
import { listCards } from "../services/content/cards.service.ts"
import { listGallery } from "../services/content/gallery.service.ts"
import { pictured, withPictures } from "../services/media/pictures.ts"

/**
 * The marketing site's read-only calls: no sign-in, and only published blogs. Each item carries the library's
 * picture of its image (dimensions, alt text, srcset values), read for the whole page at once.
 */
export function publicContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.publicBlogs, async ({ query }) => pictured(deps.db, await blogs.listAllBlogs(deps, query, true), (b) => b.image))
  route(app, api.publicBlogBySlug, async ({ params }) => {
    const answer = await blogs.publishedBlogBySlug(deps, params.slug)
    const [data] = await withPictures(deps.db, [answer.data], (b) => b.image)
    return { ...answer, data: data! }
  })
  route(app, api.publicExperts, async ({ query }) => pictured(deps.db, await listCards(deps, expertKind, query), (e) => e.avatar))
  route(app, api.publicTestimonials, async ({ query }) => pictured(deps.db, await listCards(deps, testimonialKind, query), (t) => t.avatar))
  route(app, api.publicGallery, async ({ query }) => pictured(deps.db, await listGallery(deps, query), (g) => g.image))
  route(app, api.publicPress, async ({ query }) => pictured(deps.db, await listCards(deps, pressKind, query), (p) => p.thumbnail))
}
