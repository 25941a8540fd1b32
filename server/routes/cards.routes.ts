import type { FastifyInstance } from "fastify"
import * as experts from "../../src/api/contract/content/expert.endpoints.ts"
import * as press from "../../src/api/contract/content/press.endpoints.ts"
import * as testimonials from "../../src/api/contract/content/testimonial.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { pictured } from "../services/media/pictures.ts"
import { expertKind, pressKind, testimonialKind } from "../services/content/card-kinds.ts"
import { addCard, deleteCard, listCards, updateCard, type CardKind } from "../services/content/cards.service.ts"
import { getCardRevision, listCardRevisions, restoreCardRevision } from "../services/content/card-revisions.service.ts"
import type { cardRevisionEndpoints } from "../../src/api/contract/content/card-revisions.endpoints.ts"

/** Experts, testimonials and press: the same four calls and three revision calls each, over the card commands; lists carry each image's picture. */
export function cardRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, experts.addExpert, ({ body, files, caller }) => addCard(deps, expertKind, caller, body, files))
  route(app, experts.updateExpert, ({ params, body, files, caller }) => updateCard(deps, expertKind, caller, params.id, body, files))
  route(app, experts.listExperts, async ({ query }) => pictured(deps.db, await listCards(deps, expertKind, query), (e) => e.avatar))
  route(app, experts.deleteExpert, ({ params, caller }) => deleteCard(deps, expertKind, caller, params.id))

  route(app, testimonials.addTestimonial, ({ body, files, caller }) => addCard(deps, testimonialKind, caller, body, files))
  route(app, testimonials.updateTestimonial, ({ params, body, files, caller }) => updateCard(deps, testimonialKind, caller, params.id, body, files))
  route(app, testimonials.listTestimonials, async ({ query }) => pictured(deps.db, await listCards(deps, testimonialKind, query), (t) => t.avatar))
  route(app, testimonials.deleteTestimonial, ({ params, caller }) => deleteCard(deps, testimonialKind, caller, params.id))

  route(app, press.addPress, ({ body, files, caller }) => addCard(deps, pressKind, caller, body, files))
  route(app, press.updatePress, ({ params, body, files, caller }) => updateCard(deps, pressKind, caller, params.id, body, files))
  route(app, press.listPress, async ({ query }) => pictured(deps.db, await listCards(deps, pressKind, query), (p) => p.thumbnail))
  route(app, press.deletePress, ({ params, caller }) => deleteCard(deps, pressKind, caller, params.id))

  revisionRoutes(app, deps, experts.expertRevisions, expertKind)
  revisionRoutes(app, deps, testimonials.testimonialRevisions, testimonialKind)
  revisionRoutes(app, deps, press.pressRevisions, pressKind)
}

function revisionRoutes<Row, Item extends { _id: string }, F>(
  app: FastifyInstance,
  deps: AppDeps,
  calls: ReturnType<typeof cardRevisionEndpoints>,
  kind: CardKind<Row, Item, F>,
): void {
  route(app, calls.list, ({ params }) => listCardRevisions(deps, kind, params.id))
  route(app, calls.get, ({ params }) => getCardRevision(deps, kind, params.id, params.revision))
  route(app, calls.restore, ({ params, caller }) => restoreCardRevision(deps, kind, caller, params.id, params.revision))
}
