import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/content/public-content.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as blogs from "../services/content/blogs.service.ts"
import { expertKind, pressKind, testimonialKind } from "../services/content/card-kinds.ts"
import { listCards } from "../services/content/cards.service.ts"
import { listGallery } from "../services/content/gallery.service.ts"

/** The marketing site's read-only calls: no sign-in, and only published blogs. */
export function publicContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.publicBlogs, ({ query }) => blogs.listAllBlogs(deps, query, true))
  route(app, api.publicBlogBySlug, ({ params }) => blogs.publishedBlogBySlug(deps, params.slug))
  route(app, api.publicExperts, ({ query }) => listCards(deps, expertKind, query))
  route(app, api.publicTestimonials, ({ query }) => listCards(deps, testimonialKind, query))
  route(app, api.publicGallery, ({ query }) => listGallery(deps, query))
  route(app, api.publicPress, ({ query }) => listCards(deps, pressKind, query))
}
