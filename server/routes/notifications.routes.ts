import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/notifications/notification.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as deadMail from "../services/notifications/dead-mail.service.ts"
import * as inbox from "../services/notifications/inbox.service.ts"
import * as templates from "../services/notifications/templates.service.ts"
import { withRequestLog } from "./request-mail-log.ts"

/** Each person's notification centre and mail settings; the email outbox as an Admin sees it: what failed for good, and sending it again. */
export function notificationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.listDeadMail, ({ query }) => deadMail.listDeadMail(deps.db, query))
  route(app, api.retryDeadMail, ({ params, caller, request }) => deadMail.retryDeadMail(withRequestLog(deps, request), caller, params.id))
  route(app, api.listNotifications, ({ query, caller }) => inbox.listNotifications(deps.db, caller, query))
  route(app, api.countUnreadNotifications, ({ caller }) => inbox.unreadCount(deps.db, caller))
  route(app, api.markNotificationRead, ({ params, caller }) => inbox.readNotification(deps, caller, params.id))
  route(app, api.markAllNotificationsRead, ({ caller }) => inbox.readAllNotifications(deps, caller))
  route(app, api.getNotificationPreferences, ({ caller }) => inbox.notificationPreferences(deps.db, caller))
  route(app, api.updateNotificationPreferences, ({ body, caller }) => inbox.updateNotificationPreferences(deps.db, caller, body))
  route(app, api.listNotificationTemplates, () => templates.listTemplates(deps.db))
  route(app, api.saveNotificationTemplate, ({ params, body, caller }) => templates.saveTemplate(deps, caller, params.id, body))
  route(app, api.resetNotificationTemplate, ({ params, caller }) => templates.resetTemplate(deps, caller, params.id))
  route(app, api.previewNotificationTemplate, ({ params, body }) => templates.previewTemplate(deps.db, params.id, body))
}
