import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/account/calendar-feed.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as feeds from "../services/counselling/calendar-feed.service.ts"

/** Each person's private calendar feed of their counselling sessions. */
export function calendarRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.getCalendarFeed, ({ caller }) => feeds.getFeed(deps, caller))
  route(app, api.createCalendarFeed, ({ caller }) => feeds.replaceFeed(deps, caller))
  route(app, api.revokeCalendarFeed, ({ caller }) => feeds.revokeFeed(deps, caller))
  route(app, api.calendarFeed, async ({ params, reply }) => {
    const ics = await feeds.feedIcs(deps, params.token)
    // The address is the secret: no shared cache keeps the feed, and the browser's only for a minute.
    return reply.header("content-type", "text/calendar; charset=utf-8").header("cache-control", "private, max-age=60").send(ics)
  })
}
