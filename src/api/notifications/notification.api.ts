import type { NotificationKind } from "../contract/notifications/notification.ts"
import type { TemplateId } from "../contract/notifications/notification-templates.ts"
import * as api from "../contract/notifications/notification.endpoints.ts"
import { call } from "../client.ts"

export const listDeadMail = ({ page, limit }: { page: number; limit: number }) =>
  call(api.listDeadMail, { query: { page: String(page), limit: String(limit) } })

export const retryDeadMail = (id: string) => call(api.retryDeadMail, { params: { id } })

export const listNotifications = ({ page, limit }: { page: number; limit: number }) =>
  call(api.listNotifications, { query: { page: String(page), limit: String(limit) } })

export const countUnreadNotifications = () => call(api.countUnreadNotifications, {})

export const markNotificationRead = (id: string) => call(api.markNotificationRead, { params: { id } })

export const markAllNotificationsRead = () => call(api.markAllNotificationsRead, {})

export const getNotificationPreferences = () => call(api.getNotificationPreferences, {})

export const updateNotificationPreferences = (preferences: ReadonlyArray<{ kind: NotificationKind; mail: boolean }>) =>
  call(api.updateNotificationPreferences, { body: { preferences } })

export const listNotificationTemplates = () => call(api.listNotificationTemplates, {})

export const saveNotificationTemplate = (id: string, wording: { subject: string; body: string }) =>
  call(api.saveNotificationTemplate, { params: { id: id as TemplateId }, body: wording })

export const resetNotificationTemplate = (id: string) => call(api.resetNotificationTemplate, { params: { id: id as TemplateId } })

export const previewNotificationTemplate = (id: string, wording: { subject: string; body: string }) =>
  call(api.previewNotificationTemplate, { params: { id: id as TemplateId }, body: wording })
