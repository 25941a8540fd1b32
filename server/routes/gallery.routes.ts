import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/content/gallery.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { pictured } from "../services/media/pictures.ts"
import * as gallery from "../services/content/gallery.service.ts"

export function galleryRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.addGalleryImage, ({ body, files, caller }) => gallery.addGalleryImage(deps, caller, body, files))
  route(app, api.listGallery, async ({ query }) => pictured(deps.db, await gallery.listGallery(deps, query), (g) => g.image))
  route(app, api.deleteGalleryImage, ({ params, caller }) => gallery.deleteGalleryImage(deps, caller, params.id))
}
