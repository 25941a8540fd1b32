import type { FastifyInstance } from "fastify"

export interface RegisteredRoute {
  method: string
  url: string
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the server registered, as Fastify saw it (tests compare it with the contract and the OpenAPI document). */
    registeredRoutes: readonly RegisteredRoute[]
  }
}

/** Must run before any route is registered: an onRoute hook only sees routes added after it. */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = []
  app.decorate("registeredRoutes", routes)
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
}
