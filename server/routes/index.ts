import type { FastifyInstance } from "fastify"
import type { AppDeps } from "../deps.ts"
import { authRoutes } from "./auth.routes.ts"
import { blogRoutes } from "./blog.routes.ts"
import { cardRoutes } from "./cards.routes.ts"
import { editorRoutes } from "./editor.routes.ts"
import { galleryRoutes } from "./gallery.routes.ts"
import { publicContentRoutes } from "./public-content.routes.ts"

/** Every resource's routes under /api/v1; each module registers the contract endpoints of its resource. */
export function apiRoutes(api: FastifyInstance, deps: AppDeps): void {
  authRoutes(api, deps)
  blogRoutes(api, deps)
  galleryRoutes(api, deps)
  cardRoutes(api, deps)
  editorRoutes(api, deps)
  publicContentRoutes(api, deps)
}
